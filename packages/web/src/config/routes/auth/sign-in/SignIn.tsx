import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { requestPasswordReset, sessionKeys, signIn } from '../../../api/session';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/Status';
import { TEXTS } from '../../../texts';
import { safeNext } from '../../guards';
import { type SignInValues, signInSchema } from './schema';

/** The sign-in: email and password; afterwards the contributor lands where they were going. */
export function SignIn() {
  const form = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  });
  const [failure, setFailure] = useState<unknown>(null);
  const [resetSent, setResetSent] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const contributor = await signIn(values.email, values.password);
      queryClient.setQueryData(sessionKeys.all, contributor);
      navigate(safeNext(params.get('next')), { replace: true });
    } catch (err) {
      setFailure(err);
    }
  });

  async function onForgot() {
    const valid = await form.trigger('email');
    if (!valid) return;
    setFailure(null);
    try {
      await requestPasswordReset(form.getValues('email'));
      setResetSent(true);
    } catch (err) {
      setFailure(err);
    }
  }

  return (
    <main className="cfg-auth" id="cfg-main">
      <form className="cfg-auth-card" onSubmit={onSubmit} noValidate aria-labelledby="sign-in-title">
        <p className="cfg-brand">{TEXTS.areaName}</p>
        <h1 id="sign-in-title">{TEXTS.signInTitle}</h1>
        <ErrorNotice error={failure} />
        {resetSent && <output className="cfg-notice">{TEXTS.resetSent}</output>}
        <Field form={form} name="email" label={TEXTS.email} kind="email" autoComplete="username" />
        <Field
          form={form}
          name="password"
          label={TEXTS.password}
          kind="password"
          autoComplete="current-password"
        />
        <button
          type="submit"
          className="cfg-button cfg-button-primary"
          disabled={form.formState.isSubmitting}
        >
          {form.formState.isSubmitting ? TEXTS.signingIn : TEXTS.signInButton}
        </button>
        <button type="button" className="cfg-link-button" onClick={onForgot}>
          {TEXTS.forgotPassword} {TEXTS.sendResetLink}
        </button>
      </form>
    </main>
  );
}
