// The 'Cookie Preferences' modal of SPEC §2, on Radix's dialog and checkbox: focus trap, Escape, labelled
// checkboxes and screen-reader semantics come from a maintained library rather than from hand-written code.
import * as Checkbox from '@radix-ui/react-checkbox';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import {
  loadCookiePreferences,
  saveCookiePreferences,
  type CookieCategory,
  type CookiePreferences,
} from '../../lib/cookie-consent';
import { paths } from '../../lib/paths';

export const cookiePreferencesText = {
  title: 'Cookie Preferences',
  cancel: 'Cancel',
  save: 'Save Preferences',
  required: 'Required',
} as const;

export interface CookieCategoryRow {
  category: Exclude<CookieCategory, 'analytics'>;
  label: string;
  /** How many cookies the category holds (SPEC §9: 3, 3, 0, 0, 5). */
  count: number;
  description: string;
  /** Always on and not togglable. */
  required?: boolean;
}

/** The categories in the modal, in SPEC §2's order and with its counts. Analytics is always on and not listed. */
export const cookieCategoryRows: readonly CookieCategoryRow[] = [
  {
    category: 'essential',
    label: 'Essential',
    count: 3,
    description: 'Keep you signed in to your fan, artist or staff account and remember this choice.',
    required: true,
  },
  {
    category: 'performance',
    label: 'Performance and Functionality',
    count: 3,
    description: 'Remember a connected Spotify account and make features you use respond faster.',
  },
  {
    category: 'advertising',
    label: 'Advertising',
    count: 0,
    description: 'OpenPie shows no advertising, so nothing is set in this category today.',
  },
  {
    category: 'social',
    label: 'Social networking',
    count: 0,
    description: 'Features of social networks embedded in pages. None are set today.',
  },
  {
    category: 'unclassified',
    label: 'Unclassified',
    count: 5,
    description: 'Cookies that services we rely on may set and that we have not classified yet.',
  },
];

function describeCount(count: number): string {
  return count === 1 ? '1 cookie' : `${count} cookies`;
}

export interface CookiePreferencesModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with what was stored, after the modal closed. */
  onSave?: (preferences: CookiePreferences) => void;
}

export function CookiePreferencesModal({ open, onOpenChange, onSave }: CookiePreferencesModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog dialog--scrolling-actions">
          <Dialog.Title className="dialog__title">{cookiePreferencesText.title}</Dialog.Title>
          <Dialog.Description className="dialog__description">
            Choose which cookies OpenPie may use on this device. Essential cookies are always on, because
            signing in and remembering this choice need them. The{' '}
            <a href={paths.public.privacyPolicy()}>privacy policy</a> explains each one.
          </Dialog.Description>
          <PreferencesForm
            onSaved={(preferences) => {
              onOpenChange(false);
              onSave?.(preferences);
            }}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Mounted each time the dialog opens, so the checkboxes start from what is stored, not from an abandoned edit. */
function PreferencesForm({ onSaved }: { onSaved: (preferences: CookiePreferences) => void }) {
  const [choices, setChoices] = useState<CookiePreferences>(() => {
    const stored = loadCookiePreferences();
    return stored.status === 'saved'
      ? stored.preferences
      : {
          essential: true,
          performance: false,
          analytics: true,
          advertising: false,
          social: false,
          unclassified: false,
        };
  });

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSaved(saveCookiePreferences(choices));
  };

  return (
    <form onSubmit={save}>
      <ul className="cookie-categories">
        {cookieCategoryRows.map((row) => {
          const id = `cookie-category-${row.category}`;
          return (
            <li key={row.category} className="cookie-category">
              <div className="cookie-category__head">
                {row.required ? (
                  <span className="cookie-category__label" id={id}>
                    {row.label}
                  </span>
                ) : (
                  <>
                    <Checkbox.Root
                      id={id}
                      className="checkbox"
                      checked={choices[row.category]}
                      onCheckedChange={(checked) =>
                        setChoices((current) => ({ ...current, [row.category]: checked === true }))
                      }
                      aria-describedby={`${id}-description`}
                    >
                      <Checkbox.Indicator className="checkbox__indicator">
                        <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
                          <path d="M3.5 8.5 6.5 11.5 12.5 4.5" />
                        </svg>
                      </Checkbox.Indicator>
                    </Checkbox.Root>
                    <label className="cookie-category__label" htmlFor={id}>
                      {row.label}
                    </label>
                  </>
                )}
                <span className="cookie-category__count">{describeCount(row.count)}</span>
                {row.required ? <span className="badge">{cookiePreferencesText.required}</span> : null}
              </div>
              <p className="cookie-category__description" id={`${id}-description`}>
                {row.description}
              </p>
            </li>
          );
        })}
      </ul>
      <div className="dialog__actions">
        <Dialog.Close asChild>
          <button type="button" className="button button--secondary">
            {cookiePreferencesText.cancel}
          </button>
        </Dialog.Close>
        <button type="submit" className="button button--primary">
          {cookiePreferencesText.save}
        </button>
      </div>
    </form>
  );
}
