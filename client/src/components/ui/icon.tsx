type TIconProps = {
  /** A path from public-icons.ts or app-icons.ts. */
  path: string;
  size?: number;
  className?: string;
};

/** A decorative stroke icon, drawn inline so no icon font or library is loaded. */
export const Icon = ({ path, size = 20, className }: TIconProps) => (
  <svg
    className={className}
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d={path} />
  </svg>
);
