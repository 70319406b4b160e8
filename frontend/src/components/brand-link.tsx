import { paths } from '../lib/paths';
import { PieMark } from './pie-mark';

export interface BrandLinkProps {
  /** Extra words after the name, e.g. "for Artists" in the artist area. */
  suffix?: string;
}

/**
 * The name and mark that lead home, at the start of every header. A plain anchor: home is the standalone landing
 * page (main.tsx), so a full load is what happens anyway.
 */
export function BrandLink({ suffix }: BrandLinkProps) {
  return (
    <a className="brand" href={paths.home()}>
      <PieMark className="brand__mark" />
      <span>
        OpenPie
        {suffix ? <span className="brand__suffix"> {suffix}</span> : null}
      </span>
    </a>
  );
}
