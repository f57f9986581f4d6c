// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptInSchema, type OptIn, type OptInInput } from '../src/schemas/leads';
import { HttpError } from '../client/http';
import { FieldsetFrame } from './field-frame';
import { Options, SelectField, TextAreaField, TextField } from './fields';
import { fieldsOf, lazyResolver, showServerErrors, SubmitButton } from './form';

afterEach(cleanup);

describe('the field frame', () => {
  it('names the control by its label, marks a required one with " *", and ties the hint to it', () => {
    render(<TextField label="Email" required hint="We reply within a day." />);
    const input = screen.getByLabelText('Email *');
    expect(input).toBeRequired();
    expect(input).toHaveAccessibleDescription('We reply within a day.');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('marks a control with a problem invalid, describes it by hint then problem, and announces the problem', () => {
    render(<TextAreaField label="Notes" hint="Optional." error="Must be at most 10 characters" />);
    const box = screen.getByLabelText('Notes');
    expect(box).not.toBeRequired();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription('Optional. Must be at most 10 characters');
    expect(screen.getByRole('alert')).toHaveTextContent('Must be at most 10 characters');
  });

  it('leaves the announcing to a form that sums its problems up, and keeps each frame its own ids', () => {
    render(
      <>
        <SelectField label="Status" error="Pick one" announce={false}>
          <Options values={['draft', 'published']} labels={{ draft: 'Draft' }} prompt="Choose one" />
        </SelectField>
        <SelectField label="Timeline">
          <Options values={['asap']} />
        </SelectField>
      </>,
    );
    const status = screen.getByLabelText('Status');
    expect(status).toHaveAccessibleDescription('Pick one');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('option', { name: /.+/ }).map((o) => o.textContent)).toEqual([
      'Choose one',
      'Draft',
      'published',
      'asap',
    ]);
    expect(status.id).not.toBe(screen.getByLabelText('Timeline').id);
    expect(screen.getByLabelText('Timeline')).not.toHaveAccessibleDescription(/./);
  });

  it('gives a group of choices one name and one problem', () => {
    render(
      <FieldsetFrame label="Services" required error="Please select at least one service">
        <label>
          <input type="checkbox" /> SEO
        </label>
      </FieldsetFrame>,
    );
    const group = screen.getByRole('group', { name: 'Services *' });
    expect(group).toHaveAccessibleDescription('Please select at least one service');
    expect(screen.getByRole('checkbox', { name: 'SEO' })).toBeInTheDocument();
  });
});

/** A form written the one way: the contracts schema as resolver, fields from `fieldsOf`, the server's words at fields. */
function OptInExample({ send }: { send: (data: OptIn) => Promise<void> }) {
  const form = useForm<OptInInput, unknown, OptIn>({
    resolver: zodResolver(OptInSchema),
    defaultValues: { firstName: '', email: '' },
  });
  const field = fieldsOf(form);
  const submit = form.handleSubmit(async (data) => {
    try {
      await send(data);
    } catch (error) {
      showServerErrors(form.setError, error);
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Opt in">
      <TextField label="First name" required {...field('firstName')} />
      <TextField label="Email" required {...field('email')} />
      <SubmitButton pending={form.formState.isSubmitting} pendingLabel="Sending...">
        Send
      </SubmitButton>
    </form>
  );
}

describe('a form on the frames', () => {
  it("shows the schema's problems at their fields, then the server's, and is pending while it sends", async () => {
    const user = userEvent.setup();
    let answer = () => {};
    const send = vi.fn(
      () =>
        new Promise<void>((_resolve, reject) => {
          answer = () =>
            reject(new HttpError(400, '{}', 'Invalid input', { email: 'That address does not take mail' }));
        }),
    );
    render(<OptInExample send={send} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('First name *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email *')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(send).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('First name *'), 'Hemi');
    await user.type(screen.getByLabelText('Email *'), 'Hemi@Example.NZ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect(send).toHaveBeenCalledWith({ firstName: 'Hemi', email: 'hemi@example.nz', leadMagnet: 'real-talk-audio' });
    answer();
    await waitFor(() =>
      expect(screen.getByLabelText('Email *')).toHaveAccessibleDescription('That address does not take mail'),
    );
    expect(screen.getByLabelText('Email *')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First name *')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });
});

describe('a resolver fetched on first use', () => {
  const values = { firstName: '', email: 'x' };
  const options = { fields: {}, shouldUseNativeValidation: false } as const;
  const checkOptIn = zodResolver(OptInSchema);

  it('loads once, then checks with it', async () => {
    const load = vi.fn(async () => checkOptIn);
    const resolver = lazyResolver(load);
    const first = await resolver(values, undefined, options);
    expect(Object.keys(first.errors)).toEqual(['firstName', 'email']);
    resolver.preload();
    await resolver({ firstName: 'Hemi', email: 'hemi@example.nz' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('lets the values through for the server to check when the schema cannot be fetched, and tries again next time', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(checkOptIn);
    const resolver = lazyResolver<OptInInput, OptIn>(load);
    expect(await resolver(values, undefined, options)).toEqual({ values, errors: {} });
    expect(Object.keys((await resolver(values, undefined, options)).errors)).toEqual(['firstName', 'email']);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
