// `npm run ledger:index-backfill`: gives the ledger transactions written before the ledger's date indexes their keys
// (functions/services/admin/ledger-index-backfill.ts; decision 042), so staff's finances, journal and wallet lines see
// them. Locally it works on the local data (DynamoDB Local on DATA_DIR, as `npm run admin:create` does); with STAGE=dev
// or prod on TABLE_NAME in AWS_REGION with your AWS credentials. Safe to run again: it sets only missing keys.
import { backfillLedgerIndex } from '../functions/services/admin/ledger-index-backfill';
import { withStageTable } from '../local/with-stage-table';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

await withStageTable('ledger:index-backfill', async (table) => {
  const { found, indexed } = await backfillLedgerIndex(table);
  console.log(`Ledger transactions without the date index: ${found}; given their keys now: ${indexed}.`);
});
