// Links from the ledger to the staff page of what money belongs to: a pie's receipt, a fan's page, a claim, an
// office's page. An account names its owner with them and a transaction what it belongs to.
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';

export type LedgerOwnerKind = 'pie' | 'fan' | 'claim' | 'office';

const ownerPages: Readonly<
  Record<LedgerOwnerKind, { label: string; text: string; to: (id: string) => string }>
> = {
  pie: { label: 'Pie', text: 'The pie’s receipt', to: (pieId) => paths.admin.ledgerPie({ pieId }) },
  fan: { label: 'Fan', text: 'The fan’s page', to: (id) => paths.admin.fan({ id }) },
  claim: { label: 'Claim', text: 'The claim', to: (id) => paths.admin.claim({ id }) },
  office: { label: 'Office', text: 'The office’s page', to: (id) => paths.admin.office({ id }) },
};

/** `Pie`, `Fan`…: the term a transaction's facts show the link under. */
export function ownerLabel(kind: LedgerOwnerKind): string {
  return ownerPages[kind].label;
}

export function OwnerLink({ kind, id }: { kind: LedgerOwnerKind; id: string }) {
  const page = ownerPages[kind];
  return <Link to={page.to(id)}>{page.text}</Link>;
}
