import type { DetailedHTMLProps, HTMLAttributes } from 'react';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': DetailedHTMLProps<
        HTMLAttributes<HTMLElementTagNameMap['altcha-widget']>,
        HTMLElementTagNameMap['altcha-widget']
      > & {
        challenge?: string;
        language?: string;
        name?: string;
        type?: string;
        auto?: string;
        configuration?: string;
      };
    }
  }
}
