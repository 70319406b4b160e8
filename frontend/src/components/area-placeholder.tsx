import { Link } from 'react-router-dom';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';
import { BrandLink } from './brand-link';
import { MessagePage } from './message-page';

export interface AreaPlaceholderProps {
  /** The area's name as people know it, e.g. "OpenPie for Artists". */
  areaName: string;
  /** Suffix beside the brand in the header, if the area has one. */
  brandSuffix?: string;
  /** One sentence on what the area will offer. */
  purpose: string;
}

/** The honest stand-in for an area whose screens are not built yet. */
export function AreaPlaceholder({ areaName, brandSuffix, purpose }: AreaPlaceholderProps) {
  useDocumentTitle(`${areaName} · being built`);
  return (
    <MessagePage
      title={`${areaName} is being built`}
      header={
        <header className="plain-header">
          <div className="container plain-header__inner">
            <BrandLink suffix={brandSuffix} />
          </div>
        </header>
      }
      actions={
        <Link className="button button--primary" to={paths.home()}>
          Back to the home page
        </Link>
      }
    >
      <p className="message-page__text">{purpose}</p>
      <p className="message-page__text">
        These screens are not ready yet. The home page explains how the pie works in the meantime.
      </p>
    </MessagePage>
  );
}
