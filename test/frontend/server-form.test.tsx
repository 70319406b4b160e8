// The one form setup every OpenPie form uses (lib/use-server-form.ts with lib/form-failure.ts): SPEC §5's timing of
// errors, and the server's failure envelope `{ success: false, message, code, fields? }` put on the form: field
// messages under their fields, the rest in the form's alert.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { FormAlert } from '../../frontend/src/components/form/form-alert';
import { TextInput } from '../../frontend/src/components/form/text-input';
import { ApiError } from '../../frontend/src/lib/api-client';
import { describeFormFailure } from '../../frontend/src/lib/form-failure';
import { useServerForm } from '../../frontend/src/lib/use-server-form';

const nameSchema = z.object({
  name: z.string().check(z.minLength(1, 'Name is required')),
  city: z.string(),
});
type NameForm = z.infer<typeof nameSchema>;

function NameFormUnderTest({ save }: { save: (values: NameForm) => Promise<void> }) {
  const { register, describeField, submitWith, failure } = useServerForm<NameForm>({
    schema: nameSchema,
    defaultValues: { name: '', city: '' },
    fallback: 'We could not save. Please try again.',
    describeMessage: (message) => `Server: ${message}`,
  });
  return (
    <form noValidate onSubmit={submitWith(save)} aria-label="Name form">
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <TextInput label="Name" {...describeField('name')} {...register('name')} />
      <TextInput label="City" {...describeField('city')} {...register('city')} />
      <button type="submit">Save</button>
    </form>
  );
}

const unprocessable = (fields: Record<string, string>) =>
  new ApiError({ status: 422, code: 'validation_failed', message: 'Some fields need attention.', fields });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('describeFormFailure', () => {
  it('places the fields the form has, and keeps the alert for the rest', () => {
    // Act
    const allPlaced = describeFormFailure(unprocessable({ name: 'Taken' }), ['name'], 'fallback');
    const somePlaced = describeFormFailure(
      unprocessable({ name: 'Taken', id: 'This artist id is not valid.' }),
      ['name'],
      'fallback',
    );
    const conflict = describeFormFailure(
      new ApiError({ status: 409, code: 'conflict', message: 'Already exists.' }),
      ['name'],
      'fallback',
    );
    const unknown = describeFormFailure(new TypeError('boom'), ['name'], 'fallback');

    // Assess
    expect(allPlaced).toEqual({ fields: { name: 'Taken' }, message: null, status: 422 });
    expect(somePlaced).toEqual({
      fields: { name: 'Taken' },
      message: 'Some fields need attention. This artist id is not valid.',
      status: 422,
    });
    expect(conflict).toEqual({ fields: {}, message: 'Already exists.', status: 409 });
    expect(unknown).toEqual({ fields: {}, message: 'fallback', status: 0 });
  });
});

describe('useServerForm', () => {
  it('shows errors only once a field is touched, and all of them after a submit it blocks', async () => {
    // Prepare
    const save = vi.fn(async () => {});
    render(<NameFormUnderTest save={save} />);
    const untouched = screen.queryAllByText('Name is required');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    // Assess
    expect(untouched).toEqual([]);
    expect(screen.getByText('Name is required')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });

  it('puts a 422’s field messages under their fields and nothing in the alert', async () => {
    // Prepare
    const save = vi.fn(async () => {
      throw unprocessable({ name: 'This name is taken.' });
    });
    render(<NameFormUnderTest save={save} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Robin');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    // Assess
    const name = (await screen.findByText('This name is taken.')).closest('.field');
    expect(name && within(name as HTMLElement).getByLabelText('Name')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('puts the message, and field messages for fields it does not have, in the alert', async () => {
    // Prepare
    const save = vi.fn(async () => {
      throw unprocessable({ city: 'Unknown city.', country: 'Choose a country.' });
    });
    render(<NameFormUnderTest save={save} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Robin');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    // Assess
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Server: Some fields need attention. Choose a country.',
    );
    expect(screen.getByText('Unknown city.')).toBeTruthy();
  });

  it('says the fallback when the server was not reached, and clears the alert on the next try', async () => {
    // Prepare
    let attempt = 0;
    const save = vi.fn(async () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
    });
    render(<NameFormUnderTest save={save} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Robin');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const first = (await screen.findByRole('alert')).textContent;
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    // Assess
    expect(first).toBe('Server: We could not save. Please try again.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(save).toHaveBeenCalledTimes(2);
  });
});
