// The fan's running pie on /pie and after Checkout: its amount, period, status, fees and what goes to artists.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PieSummary } from '@contracts/payments';
import { AppPanel } from '../../../components/app-panel';
import { PieFacts } from '../../../components/pie-facts';
import { paths } from '../../../lib/paths';

export const activePieText = {
  title: 'Your current pie',
  promoLead: 'Your free pie is running. OpenPie paid for it, so all of it goes to the artists you listen to.',
  lead: 'Your pie is running. At the end of its period it is split among the artists you listened to.',
  myPies: 'See all your pies and your wallet',
  help: 'How the split works',
} as const;

export function ActivePiePanel({ pie, children }: { pie: PieSummary; children?: ReactNode }) {
  return (
    <AppPanel title={activePieText.title} lead={pie.promo ? activePieText.promoLead : activePieText.lead}>
      {children}
      <PieFacts pie={pie} />
      <p className="pie-links">
        <Link className="button button--secondary" to={paths.fan.myPies()}>
          {activePieText.myPies}
        </Link>
        <Link to={`${paths.fan.help()}#split`}>{activePieText.help}</Link>
      </p>
    </AppPanel>
  );
}
