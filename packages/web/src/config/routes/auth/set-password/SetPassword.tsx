import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH } from '@storefront/commerce';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { newPassword } from '../../../../../../server/src/modules/contributors/schema';
import { setPassword } from '../../../api/session';
import { Field } from '../../../components/Field';
import { ErrorNotice } from '../../../components/Status';
import { TEXTS } from '../../../texts';

/** The server's password rule, and the same password typed twice. */
const schema = z
  .object({ password: newPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: TEXTS.passwordsDiffer });

type Values = z.infer<typeof schema>;

/** `/config/set-password?token=…`: the page an invite or a reset email links to. */
export function SetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await setPassword(token, values.password);
      setDone(true);
    } catch (err) {
      setFailure(err);
    }
  });

  return (
    <main className="cfg-auth" id="cfg-main">
      <form className="cfg-auth-card" onSubmit={onSubmit} noValidate aria-labelledby="set-password-title">
        <p className="cfg-brand">{TEXTS.areaName}</p>
        <h1 id="set-password-title">{TEXTS.setPasswordTitle}</h1>
        {!token ? (
          <p className="cfg-notice cfg-notice-error" role="alert">
            {TEXTS.missingToken}
          </p>
        ) : done ? (
          <>
            <output className="cfg-notice">{TEXTS.passwordSet}</output>
            <Link className="cfg-button cfg-button-primary" to="/sign-in">
              {TEXTS.goToSignIn}
            </Link>
          </>
        ) : (
          <>
            <ErrorNotice error={failure} />
            <Field
              form={form}
              name="password"
              label={TEXTS.newPassword}
              kind="password"
              autoComplete="new-password"
              hint={TEXTS.passwordHint(PASSWORD_MIN_LENGTH)}
            />
            <Field
              form={form}
              name="confirm"
              label={TEXTS.confirmPassword}
              kind="password"
              autoComplete="new-password"
            />
            <button
              type="submit"
              className="cfg-button cfg-button-primary"
              disabled={form.formState.isSubmitting}
            >
              {TEXTS.setPasswordButton}
            </button>
          </>
        )}
      </form>
    </main>
  );
}
