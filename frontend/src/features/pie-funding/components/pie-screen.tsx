// /pie (SPEC §2): the fan's running pie when there is one, otherwise the way to fund one, with the free
// promo pie offered first to a fan who may use it (the offer comes from the promo feature, joined in app/).
import type { ReactNode } from 'react';
import type { PieSummary } from '@contracts/payments';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useActivePie } from '../api/get-active-pie';
import { ActivePiePanel } from './active-pie-panel';
import { FundingForm } from './funding-form';
import '../pie-funding.css';

export const pieScreenText = {
  title: 'My pie',
  lead: 'Your pie is the money you give each period to the artists you listen to, split by your listening time.',
  loading: 'Loading your pie…',
  failed: 'Your pie could not be loaded.',
} as const;

export interface PieScreenProps {
  /** The free pie offer (promo feature); it shows nothing unless this fan may use it. */
  renderFreePieOffer?: (onStarted: (pie: PieSummary) => void) => ReactNode;
  /** The running pie's live split (the pie feature), shown under its summary. */
  renderLivePie?: (pie: PieSummary) => ReactNode;
}

export function PieScreen({ renderFreePieOffer, renderLivePie }: PieScreenProps) {
  useDocumentTitle('My pie · OpenPie');
  const activePie = useActivePie();

  let body;
  if (activePie.error && activePie.data === undefined) {
    body = (
      <LoadFailure
        message={describeLoadError(activePie.error, pieScreenText.failed)}
        onRetry={() => void activePie.mutate()}
      />
    );
  } else if (activePie.data === undefined) {
    body = (
      <p className="app-state" role="status">
        {pieScreenText.loading}
      </p>
    );
  } else if (activePie.data) {
    body = (
      <>
        <ActivePiePanel pie={activePie.data} />
        {renderLivePie?.(activePie.data)}
      </>
    );
  } else {
    body = (
      <>
        {renderFreePieOffer?.((pie) => void activePie.mutate(pie, { revalidate: false }))}
        <FundingForm />
      </>
    );
  }

  return (
    <div className="app-screen">
      <header>
        <h1 className="app-screen__title">{pieScreenText.title}</h1>
        <p className="app-screen__lead">{pieScreenText.lead}</p>
      </header>
      {body}
    </div>
  );
}
