import { BrandLink } from './brand-link';

export interface PlainHeaderProps {
  /** Words after the name, e.g. "for Artists". */
  brandSuffix?: string;
}

/** The header of single-message pages: the brand and nothing else. */
export function PlainHeader({ brandSuffix }: PlainHeaderProps) {
  return (
    <header className="plain-header">
      <div className="container plain-header__inner">
        <BrandLink suffix={brandSuffix} />
      </div>
    </header>
  );
}
