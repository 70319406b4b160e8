// Links into staff's ledger drill-down (decision 039), shared by every staff screen that shows a balance or a booked
// payment: a balance to its account's entries, a booking to its whole transaction. Staff screens only.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../lib/format';
import { paths } from '../lib/paths';
import './ledger-links.css';

/** The ledger account of a balance: `fan-wallet:<fanId>`, `pie-funds:<pieId>`, `office-payable:<officeId>` … */
export function LedgerAccountLink({ accountId, children }: { accountId: string; children: ReactNode }) {
  return (
    <Link to={paths.admin.ledgerAccount({ accountId })} title="Why is this balance what it is">
      {children}
    </Link>
  );
}

/** A ledger transaction, whole: every line, what it belongs to and the Stripe object behind it. */
export function LedgerTransactionLink({
  transactionId,
  children,
}: {
  transactionId: string;
  children: ReactNode;
}) {
  return <Link to={paths.admin.ledgerTransaction({ transactionId })}>{children}</Link>;
}

/**
 * A fan's wallet balance with the accounts it is made of (decision 031): their credit from no payment and the money
 * of each of their pies, each a link to its entries.
 */
export function WalletAccountLinks({
  fanId,
  pies,
  children,
}: {
  fanId: string;
  pies: readonly { _id: string; periodStart: string }[];
  children: ReactNode;
}) {
  return (
    <span className="ledger-links">
      <span>{children}</span>
      <span className="ledger-links__parts">
        <LedgerAccountLink accountId={`fan-wallet:${fanId}`}>Wallet credit</LedgerAccountLink>
        {pies.map((pie) => (
          <LedgerAccountLink key={pie._id} accountId={`pie-funds:${pie._id}`}>
            {`Pie of ${formatDate(pie.periodStart)}`}
          </LedgerAccountLink>
        ))}
      </span>
    </span>
  );
}
