import { useState } from 'react';
import defaultLogo from '../assets/logo-default.svg';

interface LogoProps {
  customer: string;
  className?: string;
}

/** The customer's logo from its theme folder, trying two file names, else the product logo. */
export function Logo({ customer, className }: LogoProps) {
  const folder = `/themes/${encodeURIComponent(customer)}`;
  const candidates = [`${folder}/logo.svg`, `${folder}/logo-nav.svg`, defaultLogo];
  const [index, setIndex] = useState(0);
  return (
    <img
      className={className}
      src={candidates[index]}
      alt="logo"
      onError={() => setIndex((current) => Math.min(current + 1, candidates.length - 1))}
    />
  );
}
