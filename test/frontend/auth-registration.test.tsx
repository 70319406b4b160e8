// The registration form of SPEC §2 for fans and artist-side users: SPEC §5's texts only once a field is touched,
// 'CREATE MY ACCOUNT' disabled until the form is valid and changed and reading 'Creating account...' while sending,
// the Terms of Service and Privacy Policy links above the button, the payload of SPEC §3, the server's refusals
// (SPEC §8) and the success state.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  describeRegistrationFailure,
  registrationFormText,
} from '../../frontend/src/features/auth/components/registration-form';
import { createHeldReply, fail, stubApi, succeed } from '../support/auth-api-stub';
import { renderAt } from '../support/fan-screens';

function getField(label: string): HTMLInputElement {
  return screen.getByLabelText(new RegExp(`^${label}\\*?$`)) as HTMLInputElement;
}

function readFieldErrors(): string[] {
  return Array.from(document.querySelectorAll('.field__error')).map((node) => node.textContent ?? '');
}

function getSubmit(): HTMLButtonElement {
  return screen.getByRole('button', {
    name: /CREATE MY ACCOUNT|Creating account\.\.\./,
  }) as HTMLButtonElement;
}

function makePerson() {
  const id = crypto.randomUUID().slice(0, 8);
  return {
    email: `fan-${id}@openpie.example`,
    first_name: 'Robin',
    last_name: `Tester ${id}`,
    password: `crust-${id}-berry`,
  };
}

async function fillForm(person: ReturnType<typeof makePerson>, repeat = person.password) {
  await userEvent.type(getField('Email'), person.email);
  await userEvent.type(getField('First name'), person.first_name);
  await userEvent.type(getField('Last name'), person.last_name);
  await userEvent.type(getField('Password'), person.password);
  await userEvent.type(getField('Repeat password'), repeat);
}

async function openRegistration(path = '/register', title = 'Create your OpenPie account') {
  const router = renderAt(path);
  // The first render loads the lazy route modules, which can take longer than findBy's default second.
  await screen.findByRole('heading', { level: 1, name: title }, { timeout: 5000 });
  return router;
}

function makeRegisterReply(email: string) {
  return {
    id: `account-${crypto.randomUUID()}`,
    email,
    email_verified: false,
    promo_eligible: false,
    message: 'Your account was created. Please check your e-mail to verify your address.',
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('SPEC §5 registration texts', () => {
  it('shows none before a field is touched', async () => {
    // Prepare
    stubApi({});

    // Act
    await openRegistration();

    // Assess
    expect(readFieldErrors()).toEqual([]);
  });

  it('shows each required text once its field is touched, and only for touched fields', async () => {
    // Prepare
    stubApi({});
    await openRegistration();

    // Act
    await userEvent.click(getField('Email'));
    await userEvent.click(getField('First name'));
    const afterOne = readFieldErrors();
    await userEvent.click(getField('Last name'));
    await userEvent.click(getField('Password'));
    await userEvent.click(getField('Repeat password'));
    await userEvent.click(document.body);

    // Assess
    expect(afterOne).toEqual(['Email is required']);
    await waitFor(() =>
      expect(readFieldErrors()).toEqual([
        'Email is required',
        'First name is required',
        'Last name is required',
        'Password is required',
        'Confirm password is required',
      ]),
    );
  });

  it('says "Invalid email", "Password must be at least 8 characters" and "Passwords must match"', async () => {
    // Prepare
    stubApi({});
    await openRegistration();

    // Act
    await userEvent.type(getField('Email'), 'not-an-address');
    await userEvent.type(getField('Password'), 'short');
    await userEvent.type(getField('Repeat password'), 'different');
    await userEvent.tab();

    // Assess
    await waitFor(() =>
      expect(readFieldErrors()).toEqual([
        'Invalid email',
        'Password must be at least 8 characters',
        'Passwords must match',
      ]),
    );
  });

  it('uses the same texts on the artist side', async () => {
    // Prepare
    stubApi({});
    await openRegistration('/for-artists/register', 'Create an artist account');

    // Act
    await userEvent.type(getField('Email'), 'nope');
    await userEvent.click(getField('First name'));
    await userEvent.tab();

    // Assess
    await waitFor(() => expect(readFieldErrors()).toEqual(['Invalid email', 'First name is required']));
  });
});

describe('the CREATE MY ACCOUNT button', () => {
  it('is disabled on an untouched form, while a field is invalid, and enabled once valid and changed', async () => {
    // Prepare
    stubApi({});
    await openRegistration();
    const person = makePerson();
    const untouched = getSubmit().disabled;

    // Act
    await fillForm(person, 'not-the-same-password');
    const mismatched = getSubmit().disabled;
    await userEvent.clear(getField('Repeat password'));
    await userEvent.type(getField('Repeat password'), person.password);

    // Assess
    expect(getSubmit().textContent).toBe('CREATE MY ACCOUNT');
    expect(untouched).toBe(true);
    expect(mismatched).toBe(true);
    await waitFor(() => expect(getSubmit().disabled).toBe(false));
  });

  it('reads "Creating account..." and is disabled while sending', async () => {
    // Prepare
    const person = makePerson();
    const held = createHeldReply(succeed(makeRegisterReply(person.email), 201));
    stubApi({ 'POST /api/auth/register': held.handler });
    await openRegistration();
    await fillForm(person);

    // Act
    await userEvent.click(getSubmit());
    const sending = await screen.findByRole('button', { name: 'Creating account...' });
    const disabled = (sending as HTMLButtonElement).disabled;
    held.release();

    // Assess
    expect(disabled).toBe(true);
    await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' });
  });

  it('has the Terms of Service and Privacy Policy links above it', async () => {
    // Prepare
    stubApi({});

    // Act
    await openRegistration();

    // Assess
    const terms = screen.getByRole('link', { name: 'Terms of Service' });
    const privacy = screen.getByRole('link', { name: 'Privacy Policy' });
    const submit = getSubmit();
    expect(terms.getAttribute('href')).toBe('/terms');
    expect(privacy.getAttribute('href')).toBe('/privacy-policy');
    expect(terms.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(privacy.compareDocumentPosition(submit) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe('sending the registration', () => {
  it.each([
    ['/register', 'Create your OpenPie account', 'POST /api/auth/register'],
    ['/for-artists/register', 'Create an artist account', 'POST /api/for-artists/auth/register'],
  ])('%s sends SPEC §3’s payload to %s and then says to check the e-mail', async (path, title, call) => {
    // Prepare
    const person = makePerson();
    const api = stubApi({ [call]: succeed(makeRegisterReply(person.email), 201) });
    await openRegistration(path, title);
    await fillForm(person);

    // Act
    await userEvent.click(getSubmit());

    // Assess
    await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' });
    expect(screen.getByRole('status').textContent).toBe(
      'Your account was created. Please check your e-mail to verify your address.',
    );
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeTruthy();
    expect(api.sentTo(call).map((request) => request.body)).toEqual([
      { ...person, accepted_terms_and_conditions: true },
    ]);
  });

  it('shows the server’s sentence when the e-mail is taken (409)', async () => {
    // Prepare
    const person = makePerson();
    stubApi({
      'POST /api/auth/register': fail(
        409,
        'email_taken',
        'An account with this e-mail already exists. Please log in.',
      ),
    });
    await openRegistration();
    await fillForm(person);

    // Act
    await userEvent.click(getSubmit());

    // Assess
    expect((await screen.findByRole('alert')).textContent).toBe(
      'An account with this e-mail already exists. Please log in.',
    );
  });

  it('puts the server’s field messages (422) under their inputs, such as the common-password one', async () => {
    // Prepare
    const person = makePerson();
    stubApi({
      'POST /api/auth/register': fail(422, 'validation_failed', 'Some fields need attention.', {
        password: 'This password is too common. Please choose another.',
      }),
    });
    await openRegistration();
    await fillForm(person);

    // Act
    await userEvent.click(getSubmit());

    // Assess
    await waitFor(() =>
      expect(readFieldErrors()).toEqual(['This password is too common. Please choose another.']),
    );
    expect(getField('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows SPEC §8’s text when the server says the free promotion was already used', async () => {
    // Prepare
    const person = makePerson();
    stubApi({
      'POST /api/auth/register': fail(
        409,
        'promotion_already_used',
        'This e-mail has already used the free promotion. Please log in to your account.',
      ),
    });
    await openRegistration();
    await fillForm(person);

    // Act
    await userEvent.click(getSubmit());

    // Assess
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have already used the free PIE promotion. Each user can only use this offer once.',
    );
  });

  it('falls back to SPEC §8’s "Registration failed. Please try again." without a server message', () => {
    // Act
    const text = describeRegistrationFailure(null);

    // Assess
    expect(text).toBe('Registration failed. Please try again.');
    expect(registrationFormText.failed).toBe(text);
  });
});

describe('an invitation through artist registration', () => {
  afterEach(() => window.localStorage.clear());

  it('keeps the invitation page through the verification mail: its Log in carries it on', async () => {
    // Prepare: the invitation's "Create an artist account" link
    const invitation = '/for-artists/office-invitation/office-1?token=tok-1';
    const person = makePerson();
    const token = crypto.randomUUID().replaceAll('-', '');
    stubApi({
      'POST /api/for-artists/auth/register': succeed(makeRegisterReply(person.email), 201),
      [`POST /api/for-artists/auth/verify-email/${token}`]: succeed({
        message: 'Your e-mail address is verified. Thank you!',
      }),
    });
    await openRegistration(
      `/for-artists/register?next=${encodeURIComponent(invitation)}`,
      'Create an artist account',
    );
    await fillForm(person);

    // Act: register, then open the verification mail's link (the same browser, a new page)
    await userEvent.click(getSubmit());
    await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' }, { timeout: 5000 });
    cleanup();
    renderAt(`/auth/for-artists/verify-email/${token}`);

    // Assess
    await screen.findByRole(
      'heading',
      { level: 1, name: 'Your e-mail address is verified' },
      { timeout: 5000 },
    );
    const logIn = within(screen.getByRole('main')).getByRole('link', { name: 'Log in' });
    expect(logIn.getAttribute('href')).toBe(`/for-artists/login?next=${encodeURIComponent(invitation)}`);
  });
});
