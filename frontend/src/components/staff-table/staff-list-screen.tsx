// A staff list screen (decision 037): the page's heading and lead over the shared staff table, whose search, filter,
// sort and page are kept in the address. Each list screen gives its words, columns and list.
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { CsvColumn, StaffList } from './staff-list';
import { readStaffListFilter, useStaffList, writeStaffListFilter } from './staff-list';
import { StaffTable, type StaffColumn, type StaffTableChoice, type StaffTableWords } from './staff-table';

export interface StaffListWords extends StaffTableWords {
  title: string;
  lead: string;
}

export interface StaffListScreenProps<Row> {
  words: StaffListWords;
  /** Where the list stands when the address names no sort: the server's default, shown on its column. */
  defaultSort?: string;
  choice?: StaffTableChoice;
  /** The address's name for the choice, `filter` unless the list's links already name it (the claims' `status`). */
  choiceName?: string;
  columns: readonly StaffColumn<Row>[];
  csvColumns: readonly CsvColumn<Row>[];
  rowKey: (row: Row) => string;
  list: StaffList<Row>;
  /** A class for the table itself (a wider minimum before it scrolls sideways, say). */
  tableClassName?: string;
}

export function StaffListScreen<Row>({
  words,
  list,
  choice,
  choiceName,
  ...table
}: StaffListScreenProps<Row>) {
  useDocumentTitle(`${words.title} · OpenPie Admin`);
  const [params, setParams] = useSearchParams();
  const filter = readStaffListFilter(
    params,
    (choice?.options ?? []).map((option) => option.value),
    choiceName,
  );
  const rows = useStaffList(list, filter);

  return (
    <StaffTable<Row>
      {...table}
      id="staff-list"
      className="staff-page"
      heading={
        <div>
          <h1 id="staff-list-title" className="staff-page__title">
            {words.title}
          </h1>
          <p className="staff-page__lead">{words.lead}</p>
        </div>
      }
      words={words}
      choice={choice}
      filter={filter}
      onFilterChange={(next) => setParams(writeStaffListFilter(next, undefined, choiceName))}
      rows={rows}
      fetchPage={list.fetchPage}
    />
  );
}
