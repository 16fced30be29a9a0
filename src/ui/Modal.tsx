import type { ReactNode } from 'react';
import {
  Dialog as AriaDialog,
  Heading,
  Modal as AriaModal,
  ModalOverlay,
  type DialogProps,
  type ModalOverlayProps,
} from 'react-aria-components';

export interface ModalProps extends Omit<ModalOverlayProps, 'className' | 'children'> {
  overlayClassName?: string;
  className?: string;
  children: ReactNode;
}

/** A modal over the page: focus stays inside while it is open, the page behind is inert, Escape closes it. */
export function Modal({ overlayClassName, className, children, ...overlay }: ModalProps) {
  return (
    <ModalOverlay {...overlay} className={overlayClassName}>
      <AriaModal className={className}>{children}</AriaModal>
    </ModalOverlay>
  );
}

/** The dialog inside a modal, named by its `DialogTitle`. */
export function Dialog(props: DialogProps) {
  return <AriaDialog {...props} />;
}

export function DialogTitle({
  level,
  className,
  children,
}: {
  level?: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Heading slot="title" level={level} className={className}>
      {children}
    </Heading>
  );
}
