// Staff's list screens (SPEC §2 admin area; decision 037): fans by what they spent, offices newest first, artists by
// name, artist-side users newest first. Each is the shared frame with its words, columns and CSV columns.
import { Link } from 'react-router-dom';
import { LedgerAccountLink } from '../../../components/ledger-links';
import type {
  StaffArtistSummary,
  StaffFanSummary,
  StaffOfficeSummary,
  StaffUserArtistSummary,
} from '@contracts/admin-people';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { staffArtists } from '../api/get-staff-artists';
import { staffFans } from '../api/get-staff-fans';
import { staffOffices } from '../api/get-staff-offices';
import { staffUserArtists } from '../api/get-staff-user-artists';
import { connectLabels, DeletedName, writeDollars } from '../lib/staff-words';
import { StaffListScreen } from '../../../components/staff-table/staff-list-screen';

export function StaffFansScreen() {
  return (
    <StaffListScreen<StaffFanSummary>
      words={{
        title: 'Fans',
        lead: 'Every fan account, by what their cards paid (before fees and refunds), highest first.',
        caption: 'Fans',
        search: 'Search fans',
        searchHint: 'A part of the name or e-mail, or a fan id',
        loading: 'Loading fans...',
        failed: 'We could not load the fans.',
        empty: 'No fans match.',
        pages: 'Fans pages',
        csvFile: 'openpie-fans.csv',
      }}
      defaultSort="spent:desc"
      choice={{
        label: 'Pie',
        any: 'Every fan',
        options: [
          { value: 'true', label: 'With an active pie' },
          { value: 'false', label: 'Without an active pie' },
        ],
      }}
      columns={[
        {
          header: 'Name',
          rowHeader: true,
          sortBy: 'name',
          cell: (fan) => <Link to={paths.admin.fan({ id: fan._id })}>{fan.name ?? <DeletedName />}</Link>,
        },
        { header: 'E-mail', cell: (fan) => fan.email ?? '—' },
        {
          header: 'Spent',
          sortBy: 'spent',
          firstOrder: 'desc',
          numeric: true,
          cell: (fan) => formatMoney(fan.spentCents),
        },
        { header: 'Payments', numeric: true, cell: (fan) => fan.payments },
        { header: 'Active pie', cell: (fan) => (fan.activePie ? 'Yes' : 'No') },
        { header: 'Joined', sortBy: 'created', firstOrder: 'desc', cell: (fan) => formatDate(fan.createdAt) },
      ]}
      csvColumns={[
        { name: 'fan_id', value: (fan) => fan._id },
        { name: 'name', value: (fan) => fan.name },
        { name: 'email', value: (fan) => fan.email },
        { name: 'status', value: (fan) => fan.status },
        { name: 'spent_cents', value: (fan) => fan.spentCents },
        { name: 'spent_dollars', value: (fan) => writeDollars(fan.spentCents) },
        { name: 'payments', value: (fan) => fan.payments },
        { name: 'active_pie', value: (fan) => fan.activePie },
        { name: 'joined_at', value: (fan) => fan.createdAt },
        { name: 'deleted_at', value: (fan) => fan.deletedAt },
      ]}
      rowKey={(fan) => fan._id}
      list={staffFans}
    />
  );
}

export function StaffOfficesScreen() {
  return (
    <StaffListScreen<StaffOfficeSummary>
      words={{
        title: 'Offices',
        lead: 'Every office, the teams behind artists, newest first.',
        caption: 'Offices',
        search: 'Search offices',
        searchHint: 'A part of the name, or an office id',
        loading: 'Loading offices...',
        failed: 'We could not load the offices.',
        empty: 'No offices match.',
        pages: 'Offices pages',
        csvFile: 'openpie-offices.csv',
      }}
      defaultSort="created:desc"
      columns={[
        {
          header: 'Name',
          rowHeader: true,
          sortBy: 'name',
          cell: (office) => <Link to={paths.admin.office({ id: office._id })}>{office.name}</Link>,
        },
        { header: 'Type', cell: (office) => office.type },
        {
          header: 'Members',
          sortBy: 'members',
          firstOrder: 'desc',
          numeric: true,
          cell: (o) => o.memberCount,
        },
        { header: 'Stripe payouts', cell: (office) => connectLabels[office.connect] },
        {
          header: 'Created',
          sortBy: 'created',
          firstOrder: 'desc',
          cell: (office) => formatDate(office.createdAt),
        },
      ]}
      csvColumns={[
        { name: 'office_id', value: (office) => office._id },
        { name: 'name', value: (office) => office.name },
        { name: 'type', value: (office) => office.type },
        { name: 'members', value: (office) => office.memberCount },
        { name: 'stripe_connect', value: (office) => office.connect },
        { name: 'created_at', value: (office) => office.createdAt },
      ]}
      rowKey={(office) => office._id}
      list={staffOffices}
    />
  );
}

export function StaffArtistsScreen() {
  return (
    <StaffListScreen<StaffArtistSummary>
      words={{
        title: 'Artists',
        lead: 'Every artist known to OpenPie by name: who claimed them, and what is held for those nobody has.',
        caption: 'Artists by name',
        search: 'Search artists',
        searchHint: 'Words the artist’s name starts with',
        loading: 'Loading artists...',
        failed: 'We could not load the artists.',
        empty: 'No artists match.',
        pages: 'Artists pages',
        csvFile: 'openpie-artists.csv',
      }}
      choice={{
        label: 'Status',
        any: 'Every artist',
        options: [
          { value: 'claimed', label: 'Claimed' },
          { value: 'unclaimed', label: 'Not claimed' },
        ],
      }}
      columns={[
        { header: 'Artist', rowHeader: true, cell: (artist) => artist.name },
        { header: 'Status', cell: (artist) => (artist.status === 'claimed' ? 'Claimed' : 'Not claimed') },
        {
          header: 'Office',
          cell: (artist) =>
            artist.claim ? (
              <Link to={paths.admin.office({ id: artist.claim.officeId })}>
                {artist.claim.officeName ?? 'Deleted office'}
              </Link>
            ) : (
              '—'
            ),
        },
        { header: 'Open claims', numeric: true, cell: (artist) => artist.openClaims },
        {
          header: 'Held',
          numeric: true,
          cell: (artist) =>
            artist.heldLots === 0 ? (
              '—'
            ) : (
              <LedgerAccountLink accountId={`artist-earnings:${artist._id}`}>
                {`${formatMoney(artist.heldCents)} (${artist.heldLots} pies)`}
              </LedgerAccountLink>
            ),
        },
      ]}
      csvColumns={[
        { name: 'artist_id', value: (artist) => artist._id },
        { name: 'name', value: (artist) => artist.name },
        { name: 'status', value: (artist) => artist.status },
        { name: 'office_id', value: (artist) => artist.claim?.officeId ?? null },
        { name: 'office_name', value: (artist) => artist.claim?.officeName ?? null },
        { name: 'open_claims', value: (artist) => artist.openClaims },
        { name: 'held_cents', value: (artist) => artist.heldCents },
        { name: 'held_pies', value: (artist) => artist.heldLots },
      ]}
      rowKey={(artist) => artist._id}
      list={staffArtists}
    />
  );
}

export function StaffUserArtistsScreen() {
  return (
    <StaffListScreen<StaffUserArtistSummary>
      words={{
        title: 'Artist accounts',
        lead: 'The people who use OpenPie for Artists, newest first.',
        caption: 'Artist accounts, newest first',
        search: 'Search artist accounts',
        searchHint: 'A part of the name or e-mail, or a user id',
        loading: 'Loading artist accounts...',
        failed: 'We could not load the artist accounts.',
        empty: 'No artist accounts match.',
        pages: 'Artist accounts pages',
        csvFile: 'openpie-artist-accounts.csv',
      }}
      columns={[
        {
          header: 'Name',
          rowHeader: true,
          cell: (user) => (
            <Link to={paths.admin.userArtist({ id: user._id })}>{user.name ?? <DeletedName />}</Link>
          ),
        },
        { header: 'E-mail', cell: (user) => user.email ?? '—' },
        { header: 'Status', cell: (user) => (user.status === 'deleted' ? 'Deleted' : 'Active') },
        { header: 'Joined', cell: (user) => formatDate(user.createdAt) },
      ]}
      csvColumns={[
        { name: 'user_id', value: (user) => user._id },
        { name: 'name', value: (user) => user.name },
        { name: 'email', value: (user) => user.email },
        { name: 'status', value: (user) => user.status },
        { name: 'joined_at', value: (user) => user.createdAt },
        { name: 'deleted_at', value: (user) => user.deletedAt },
      ]}
      rowKey={(user) => user._id}
      list={staffUserArtists}
    />
  );
}
