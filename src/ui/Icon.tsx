import { iconSpriteUrl } from '../kernel/catalogue';

interface IconProps {
  name: string;
  /** Give a label only when the icon alone carries meaning; otherwise it is hidden from assistive tech. */
  label?: string;
  className?: string;
}

export function Icon({ name, label, className }: IconProps) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <use href={`${iconSpriteUrl}#${name}`} />
    </svg>
  );
}
