// pie/settings (SPEC §2): the running pie's three settings with a what-if preview that follows the sliders
// (debounced, the last preview kept while the next loads), saved on demand; and per artist a ban (every pie, after a
// confirmation) and this pie's inclusion, both applied at once, with their effect on the split shown.
import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useWatch } from 'react-hook-form';
import { useSWRConfig } from 'swr';
import * as z from 'zod/mini';
import type { PieSummary } from '@contracts/payments';
import type { RealtimeStats } from '@contracts/pie';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { readArtistLimit } from '../../../components/pie-settings-fields';
import { isApiError } from '../../../lib/api-client';
import { formatCount, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useServerForm } from '../../../lib/use-server-form';
import { useCurrentPie } from '../api/get-current-pie';
import { realtimeStatsUrl, useRealtimeStats } from '../api/get-realtime-stats';
import { setArtistBan } from '../api/set-artist-ban';
import { setArtistInclusion } from '../api/set-artist-inclusion';
import { updatePieSettings } from '../api/update-pie-settings';
import { keyOfArtist } from '../lib/pie-slices';
import { selectArtistRouteId } from '../lib/pie-words';
import {
  diffSettings,
  isSameWhatIf,
  startDraft,
  toWhatIf,
  type PieSettings,
  type SettingsDraft,
} from '../lib/settings-draft';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { BanArtistDialog } from './ban-artist-dialog';
import type { PieArtist } from './pie-artists-table';
import { PieChart } from './pie-chart';
import { SettingsFields, settingsFieldsText } from './settings-fields';
import { WhatIfArtists } from './what-if-artists';
import '../pie.css';

export const pieSettingsScreenText = {
  title: 'Pie settings',
  lead: 'Tune how your pie is split. Try a setting and the preview shows at once who is in, who is out and what each artist would get; save to keep it.',
  loading: 'Loading your pie settings…',
  failed: 'Your pie settings could not be loaded.',
  noPieTitle: 'You have no running pie',
  noPieHint: 'Start a pie first: its settings can be changed here while it runs.',
  startPie: 'Start a pie',
  save: 'Save settings',
  saving: 'Saving…',
  reset: 'Back to my saved settings',
  saved: 'Your settings are saved: this pie is split with them from now on.',
  saveFailed: 'Your settings could not be saved. Please try again.',
  previewTitle: 'Preview',
  previewLoading: 'Loading the preview…',
  previewUpdating: 'Updating the preview…',
  previewFailed: 'The preview could not be loaded.',
  previewEmpty: 'No listening in this pie yet: the preview fills as your plays arrive.',
  chartTitle: 'Your pie with these settings',
  choicesHint:
    'Bans and this pie’s include or exclude apply at once; the three settings above apply when you save.',
  choiceFailed: 'That change could not be made. Please try again.',
  back: 'Back to my pie',
} as const;

/** `With these settings 12 artists share $9.41; 3 are left out.` */
export function describeWhatIfSummary(preview: RealtimeStats): string {
  const inCount = preview.includedArtists.length;
  const outCount = preview.excludedArtists.length;
  const shared =
    inCount === 0
      ? 'no artist gets a share'
      : `${formatCount(inCount)} ${inCount === 1 ? 'artist gets' : 'artists share'} ${formatMoney(preview.netCents)}`;
  const left =
    outCount === 0
      ? 'nobody is left out'
      : `${formatCount(outCount)} ${outCount === 1 ? 'is' : 'are'} left out`;
  return `With these settings ${shared}; ${left}.`;
}

function describeInclusionEffect(artist: PieArtist, inclusion: boolean | null): string {
  const name = artist.artist_name;
  if (inclusion === true) {
    return artist.is_banned
      ? `${name} is included in this pie, but a ban comes first: they stay out while banned.`
      : `${name} is included in this pie, even beyond your artist limit, and gets at least one cent of it.`;
  }
  if (inclusion === false) return `${name} is left out of this pie.`;
  return `Your settings decide again whether ${name} is in this pie.`;
}

function describeBanDone(name: string, banned: boolean): string {
  return banned ? `${name} is banned from all your pies.` : `${name} is no longer banned.`;
}

type Notice = { text: string; failed: boolean } | null;

/** How long the sliders rest before the preview is asked for again. */
export const whatIfDelayMs = 250;

/** The draft as the form checks it: the typed limit must be a whole number from 0 to the maximum. */
const settingsDraftSchema = z.object({
  limitText: z
    .string()
    .check(z.refine((text) => readArtistLimit(text) !== null, settingsFieldsText.limitError)),
  artistLimit: z.number(),
  artistPopularity: z.number(),
  excludeNonActive: z.boolean(),
});

/** The fields the server may name when it refuses the settings, each shown under its own field. */
const settingNames = ['artistLimit', 'artistPopularity', 'excludeNonActive'] as const;

function PieSettingsEditor({ pie, onSaved }: { pie: PieSummary; onSaved: (pie: PieSummary) => void }) {
  const previewId = useId();
  const { mutate } = useSWRConfig();
  const saved: PieSettings = pie.settings;
  const { control, describeField, setValue, setError, clearErrors, reset, submitWith, formState } =
    useServerForm<SettingsDraft>({
      schema: settingsDraftSchema,
      defaultValues: startDraft(saved),
      fallback: pieSettingsScreenText.saveFailed,
    });
  const [limitText, artistLimit, artistPopularity, excludeNonActive] = useWatch({
    control,
    name: ['limitText', 'artistLimit', 'artistPopularity', 'excludeNonActive'],
  });
  const draft: SettingsDraft = { limitText, artistLimit, artistPopularity, excludeNonActive };
  const saving = formState.isSubmitting;
  const [notice, setNotice] = useState<Notice>(null);
  const [banning, setBanning] = useState<PieArtist | null>(null);
  const [busyArtistKey, setBusyArtistKey] = useState<string | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  const draftWhatIf = toWhatIf(draft);
  const whatIf = useDebouncedValue(draftWhatIf, whatIfDelayMs);
  const whatIfIsSaved = isSameWhatIf(whatIf, toWhatIf(saved));
  const savedPreview = useRealtimeStats(pie.id);
  const whatIfPreview = useRealtimeStats(whatIfIsSaved ? null : pie.id, whatIf);
  const shown = whatIfIsSaved ? savedPreview : whatIfPreview;
  const preview = shown.data ?? savedPreview.data;
  const updating = !isSameWhatIf(draftWhatIf, whatIf) || shown.isValidating;

  const update = diffSettings(saved, draft);
  const changed = Object.keys(update).length > 0;
  const valid = readArtistLimit(draft.limitText) !== null;

  const refreshPreviews = useCallback(
    () =>
      // The key alone revalidates and keeps the shown preview until the new one arrives (a data argument, even
      // undefined, would clear it first).
      mutate((key) => typeof key === 'string' && key.startsWith(realtimeStatsUrl(pie.id))),
    [mutate, pie.id],
  );

  const announce = (next: Notice) => {
    setNotice(next);
    requestAnimationFrame(() => noticeRef.current?.focus());
  };

  // Handed to submitWith when Save is pressed: it announces through a ref, so it is not wrapped during render.
  const saveDraft = async () => {
    if (!changed) return;
    try {
      const next = await updatePieSettings(pie.id, update);
      onSaved(next);
      reset(startDraft(next.settings));
      await refreshPreviews();
      announce({ text: pieSettingsScreenText.saved, failed: false });
    } catch (error) {
      if (isApiError(error)) {
        for (const name of settingNames) {
          const message = error.fields[name];
          if (message) setError(name, { type: 'server', message });
        }
      }
      announce({ text: describeLoadError(error, pieSettingsScreenText.saveFailed), failed: true });
    }
  };

  /** Any move clears the server's last refusal, which was about the settings as they were then. */
  const changeDraft = (next: SettingsDraft) => {
    clearErrors();
    for (const name of ['limitText', ...settingNames] as const) {
      if (next[name] !== draft[name]) setValue(name, next[name], { shouldValidate: true, shouldDirty: true });
    }
  };

  const changeArtist = async (artist: PieArtist, change: () => Promise<string>) => {
    setBusyArtistKey(keyOfArtist(artist));
    try {
      const done = await change();
      await refreshPreviews();
      announce({ text: done, failed: false });
    } catch (error) {
      announce({ text: describeLoadError(error, pieSettingsScreenText.choiceFailed), failed: true });
    } finally {
      setBusyArtistKey(null);
    }
  };

  const ban = (artist: PieArtist, banned: boolean) =>
    changeArtist(artist, async () => {
      const reply = await setArtistBan(selectArtistRouteId(artist), banned);
      return describeBanDone(artist.artist_name, reply.banned);
    });

  const include = (artist: PieArtist, inclusion: boolean | null) =>
    changeArtist(artist, async () => {
      const reply = await setArtistInclusion(selectArtistRouteId(artist), pie.id, inclusion);
      return describeInclusionEffect(artist, reply.inclusion);
    });

  let previewBody;
  if (preview === undefined) {
    previewBody =
      shown.error || savedPreview.error ? (
        <LoadFailure
          message={describeLoadError(shown.error ?? savedPreview.error, pieSettingsScreenText.previewFailed)}
          onRetry={() => void refreshPreviews()}
        />
      ) : (
        <p className="app-state" role="status">
          {pieSettingsScreenText.previewLoading}
        </p>
      );
  } else if (preview.allArtists.length === 0) {
    previewBody = <p className="app-state">{pieSettingsScreenText.previewEmpty}</p>;
  } else {
    previewBody = (
      <>
        <p className="what-if__summary">
          <strong>{describeWhatIfSummary(preview)}</strong>
        </p>
        <div className={`what-if__body${updating ? ' what-if__body--updating' : ''}`} aria-busy={updating}>
          <PieChart artists={preview.includedArtists} title={pieSettingsScreenText.chartTitle} />
          <p className="field__hint">{pieSettingsScreenText.choicesHint}</p>
          <WhatIfArtists
            preview={preview}
            saved={savedPreview.data}
            busyArtistKey={busyArtistKey}
            onBan={(artist, banned) => {
              if (banned) setBanning(artist);
              else void ban(artist, false);
            }}
            onInclusion={(artist, inclusion) => void include(artist, inclusion)}
          />
        </div>
      </>
    );
  }

  return (
    <>
      <section className="app-panel">
        <SettingsFields
          draft={draft}
          onChange={changeDraft}
          errors={{
            artistLimit: describeField('artistLimit').error,
            artistPopularity: describeField('artistPopularity').error,
            excludeNonActive: describeField('excludeNonActive').error,
          }}
          disabled={saving}
        />
        <div className="pie-settings__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={!changed || !valid || saving}
            onClick={() => void submitWith(saveDraft)()}
          >
            {saving ? pieSettingsScreenText.saving : pieSettingsScreenText.save}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={!changed || saving}
            onClick={() => reset(startDraft(saved))}
          >
            {pieSettingsScreenText.reset}
          </button>
        </div>
      </section>
      <p
        ref={noticeRef}
        tabIndex={-1}
        className={`pie-notice${notice?.failed ? ' pie-notice--failed' : ''}`}
        aria-live="polite"
      >
        {notice?.text ?? ''}
      </p>
      <section className="app-panel" aria-labelledby={previewId} aria-busy={updating}>
        <h2 id={previewId} className="app-panel__title">
          {pieSettingsScreenText.previewTitle}
        </h2>
        <p className="what-if__status" role="status">
          {updating && preview !== undefined ? pieSettingsScreenText.previewUpdating : ''}
        </p>
        {previewBody}
      </section>
      <BanArtistDialog
        artistName={banning?.artist_name ?? null}
        busy={banning !== null && busyArtistKey === keyOfArtist(banning)}
        onCancel={() => setBanning(null)}
        onConfirm={() => {
          if (!banning) return;
          void ban(banning, true).finally(() => setBanning(null));
        }}
      />
    </>
  );
}

export function PieSettingsScreen() {
  useDocumentTitle('Pie settings · OpenPie');
  const current = useCurrentPie();

  let body;
  if (current.error && current.data === undefined) {
    body = (
      <LoadFailure
        message={describeLoadError(current.error, pieSettingsScreenText.failed)}
        onRetry={() => void current.mutate()}
      />
    );
  } else if (current.data === undefined) {
    body = (
      <p className="app-state" role="status">
        {pieSettingsScreenText.loading}
      </p>
    );
  } else if (current.data === null) {
    body = (
      <div className="app-panel app-state">
        <p>
          <strong>{pieSettingsScreenText.noPieTitle}</strong>
        </p>
        <p className="app-state__hint">{pieSettingsScreenText.noPieHint}</p>
        <Link className="button button--primary" to={paths.fan.pie()}>
          {pieSettingsScreenText.startPie}
        </Link>
      </div>
    );
  } else {
    body = (
      <PieSettingsEditor
        key={current.data.id}
        pie={current.data}
        onSaved={(pie) => void current.mutate(pie, { revalidate: false })}
      />
    );
  }

  return (
    <div className="app-screen pie-screen">
      <header>
        <h1 className="app-screen__title">{pieSettingsScreenText.title}</h1>
        <p className="app-screen__lead">{pieSettingsScreenText.lead}</p>
      </header>
      {body}
      <p>
        <Link to={paths.fan.pie()}>{pieSettingsScreenText.back}</Link>
      </p>
    </div>
  );
}
