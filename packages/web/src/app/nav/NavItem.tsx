import { useEffect, useRef, type ReactNode } from 'react';
import { Link, type To } from 'react-router';
import styles from './NavItem.module.css';

interface NavItemProps {
  to: To;
  active: boolean;
  testId: string;
  children: ReactNode;
}

export function NavItem({ to, active, testId, children }: NavItemProps) {
  const ref = useRef<HTMLAnchorElement>(null);
  // A long menu scrolls sideways: keep the current page's item in view.
  useEffect(() => {
    if (active) ref.current?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  return (
    <Link
      ref={ref}
      to={to}
      className={active ? `${styles.item} ${styles.active}` : styles.item}
      aria-current={active ? 'page' : undefined}
      data-testid={testId}
    >
      {children}
    </Link>
  );
}
