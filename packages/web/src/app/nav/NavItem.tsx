import type { ReactNode } from 'react';
import { Link, type To } from 'react-router';
import styles from './NavItem.module.css';

interface NavItemProps {
  to: To;
  active: boolean;
  testId: string;
  children: ReactNode;
}

export function NavItem({ to, active, testId, children }: NavItemProps) {
  return (
    <Link
      to={to}
      className={active ? `${styles.item} ${styles.active}` : styles.item}
      aria-current={active ? 'page' : undefined}
      data-testid={testId}
    >
      {children}
    </Link>
  );
}
