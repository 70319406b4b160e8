// SPEC §2's text and password inputs, and SPEC §5's rule that errors show only once a field is touched.
import { zodResolver } from '@hookform/resolvers/zod';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { PasswordInput } from '../../frontend/src/components/form/password-input';
import { TextInput } from '../../frontend/src/components/form/text-input';

describe('TextInput', () => {
  it('is labelled, and marks a required field with an asterisk', () => {
    // Act
    render(<TextInput label="First name" name="first_name" required />);

    // Assess
    const input = screen.getByRole('textbox', { name: 'First name' });
    expect(input.hasAttribute('required')).toBe(true);
    const asterisk = screen.getByText('*');
    expect(asterisk.className).toBe('field__required');
    expect(asterisk.getAttribute('aria-hidden')).toBe('true');
  });

  it('has no asterisk when optional', () => {
    // Act
    render(<TextInput label="Username" name="username" />);

    // Assess
    expect(screen.queryByText('*')).toBeNull();
  });

  it('can be read-only', async () => {
    // Prepare
    render(<TextInput label="E-mail" name="email" readOnly defaultValue="fan@openpie.example" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' }) as HTMLInputElement;

    // Act
    await userEvent.type(input, 'changed');

    // Assess
    expect(input.readOnly).toBe(true);
    expect(input.value).toBe('fan@openpie.example');
    expect(input.closest('.field')?.classList.contains('field--read-only')).toBe(true);
  });

  it('shows its error under it only once touched', async () => {
    // Prepare
    render(<TextInput label="Last name" name="last_name" required error="Last name is required" />);
    const input = screen.getByRole('textbox', { name: 'Last name' });
    const beforeBlur = screen.queryByText('Last name is required');

    // Act
    await userEvent.click(input);
    await userEvent.tab();

    // Assess
    expect(beforeBlur).toBeNull();
    const error = screen.getByText('Last name is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('follows the touched state a form gives it', () => {
    // Act
    const { rerender } = render(
      <TextInput label="Email" name="email" error="Invalid email" touched={false} />,
    );
    const hidden = screen.queryByText('Invalid email');
    rerender(<TextInput label="Email" name="email" error="Invalid email" touched />);

    // Assess
    expect(hidden).toBeNull();
    expect(screen.getByText('Invalid email')).toBeTruthy();
  });
});

describe('PasswordInput', () => {
  it('hides the password and shows it on request', async () => {
    // Prepare
    render(<PasswordInput label="Password" name="password" required />);
    const input = screen.getByLabelText(/^Password\*?$/, { selector: 'input' });
    const hiddenType = input.getAttribute('type');

    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    const shownType = input.getAttribute('type');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));

    // Assess
    expect([hiddenType, shownType, input.getAttribute('type')]).toEqual(['password', 'text', 'password']);
  });

  it('marks a required password with the red asterisk', () => {
    // Act
    render(<PasswordInput label="Password" name="password" required />);

    // Assess
    expect(screen.getByText('*').className).toBe('field__required');
    expect(screen.getByLabelText(/^Password\*?$/, { selector: 'input' }).hasAttribute('required')).toBe(true);
  });

  it('shows its error once touched', async () => {
    // Prepare
    render(<PasswordInput label="Password" name="password" error="Password must be at least 8 characters" />);
    const beforeBlur = screen.queryByText('Password must be at least 8 characters');

    // Act
    await userEvent.click(screen.getByLabelText(/^Password\*?$/, { selector: 'input' }));
    await userEvent.tab();

    // Assess
    expect(beforeBlur).toBeNull();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
  });
});

describe('with react-hook-form and a zod/mini schema', () => {
  const loginSchema = z.object({
    email: z.string().check(z.minLength(1, 'Email is required'), z.email('Please enter a valid email')),
    password: z
      .string()
      .check(
        z.minLength(1, 'Password is required'),
        z.minLength(8, 'Password must be at least 8 characters'),
      ),
  });

  function LoginForm() {
    const {
      register,
      handleSubmit,
      formState: { errors, touchedFields },
    } = useForm({ resolver: zodResolver(loginSchema), mode: 'all' });
    return (
      <form noValidate onSubmit={handleSubmit(() => {})}>
        <TextInput
          label="Email"
          type="email"
          required
          error={errors.email?.message}
          touched={touchedFields.email}
          {...register('email')}
        />
        <PasswordInput
          label="Password"
          required
          error={errors.password?.message}
          touched={touchedFields.password}
          {...register('password')}
        />
        <button type="submit">Log in</button>
      </form>
    );
  }

  it('shows errors only for touched fields, and for every field after a submit', async () => {
    // Prepare
    render(<LoginForm />);

    // Act
    await userEvent.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await userEvent.tab();
    const afterEmail = {
      email: screen.queryByText('Please enter a valid email') !== null,
      password: screen.queryByText('Password is required') !== null,
    };
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    // Assess
    expect(afterEmail).toEqual({ email: true, password: false });
    expect(await screen.findByText('Password is required')).toBeTruthy();
  });
});
