import { Fragment, type ReactNode } from 'react';
import type { SafeNode } from '../../../../domain/disclaimers';

const external = (href: string) => /^https?:\/\//i.test(href);

function render(nodes: readonly SafeNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.kind) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'break':
        return <br key={index} />;
      case 'link':
        return (
          <a key={index} href={node.href} rel={external(node.href) ? 'noopener noreferrer' : undefined}>
            {render(node.children)}
          </a>
        );
      case 'element': {
        const Tag = node.tag;
        return <Tag key={index}>{render(node.children)}</Tag>;
      }
    }
  });
}

/** Renders safe nodes as React elements: no HTML string ever reaches the DOM. */
export function SafeText({ nodes }: { nodes: readonly SafeNode[] }) {
  return <>{render(nodes)}</>;
}
