// my-pies (SPEC §2): every pie the fan funded, the way to cancel the current one, Stripe's billing page,
// and the fan wallet.
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AppPanel } from '../../../components/app-panel';
import { BillingPortalButton } from './billing-portal-button';
import { PiesSection, type RenderReceiptDownload } from './pies-section';
import { WalletSection } from './wallet-section';
import '../my-pies.css';

export const myPiesText = {
  title: 'My pies',
  lead: 'Every pie you have funded, and your fan wallet: what came in, what went to artists, and what is left.',
  billingTitle: 'Billing',
} as const;

export interface MyPiesScreenProps {
  /** The signed-in fan's own id, from the session. */
  fanId: string | null;
  /** A split pie's "Download CSV" (the pie feature's). */
  renderReceiptDownload?: RenderReceiptDownload;
}

export function MyPiesScreen({ fanId, renderReceiptDownload }: MyPiesScreenProps) {
  useDocumentTitle('My pies · OpenPie');
  return (
    <div className="app-screen">
      <header>
        <h1 className="app-screen__title">{myPiesText.title}</h1>
        <p className="app-screen__lead">{myPiesText.lead}</p>
      </header>
      <PiesSection fanId={fanId} renderReceiptDownload={renderReceiptDownload} />
      <WalletSection />
      <AppPanel title={myPiesText.billingTitle}>
        <BillingPortalButton />
      </AppPanel>
    </div>
  );
}
