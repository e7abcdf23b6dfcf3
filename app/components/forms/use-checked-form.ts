import { useEffect, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useActionData, useFetcher } from "react-router";
import { formTokenPath, type TokenForm } from "~/config/paths";
import type { FieldErrors, FieldValues, WithFormToken } from "~/lib/forms/fields";
import type { WithLeadSource } from "~/lib/forms/lead-source";

/** A form's schema check in the browser: the same schema the server runs. */
export type FieldValidator<F extends string> = (
  formData: FormData,
) => { success: true } | { success: false; errors: FieldErrors<F> };

/**
 * A form's check, fetched with zod the first time the visitor uses the form
 * rather than with the page (issue 6, docs/decisions/060). `current()` is
 * `null` until it has arrived, `false` if it could not be fetched: posts then
 * go unchecked to the server, which checks them anyway.
 */
export type LazyValidator<F extends string> = {
  current: () => FieldValidator<F> | false | null;
  load: () => Promise<void>;
};

export function lazyValidator<F extends string>(
  load: () => Promise<FieldValidator<F>>,
): LazyValidator<F> {
  let validator: FieldValidator<F> | false | null = null;
  let loading: Promise<void> | undefined;
  return {
    current: () => validator,
    load: () =>
      (loading ??= load().then(
        (loaded) => {
          validator = loaded;
        },
        () => {
          validator = false;
        },
      )),
  };
}

/** What an action answers when a post is not accepted: field errors, or a message about the whole form. */
type FailureShape<F extends string> = {
  kind: string;
  values: FieldValues<F>;
  errors?: FieldErrors<F>;
};

/**
 * The behaviour of the site's forms (docs/decisions/052): a fetcher form
 * that is a plain POST without JavaScript (the action answers with the page
 * and its errors, or redirects) and, with it, is checked in the browser with
 * the same schema, then sent without a reload. Server answers come as fetcher
 * data (with JavaScript) or action data (without) and are merged here. After
 * every answer or blocked submit, focus moves to the first field in error, or
 * to the message about the whole form; a field's error clears as soon as it
 * is fixed.
 *
 * The form's time token (docs/decisions/051) is fetched once the form runs and
 * again after each answer, since an accepted post uses it up; a post sent
 * before it has arrived waits for it. Without JavaScript the form has a token
 * only when an answer brought the form back with one.
 */
export function useCheckedForm<F extends string, Failure extends FailureShape<F>>({
  fields,
  validator,
  tokenForm,
}: {
  /** The fields in the order they appear, which is the order errors are reported in. */
  fields: readonly F[];
  validator: LazyValidator<F>;
  /** The form the token is signed for. */
  tokenForm: TokenForm;
}) {
  const fetcher = useFetcher<Failure>();
  // Without JavaScript the post is a document request: its answer is action data.
  const documentFailure = useActionData<Failure>() as Failure | undefined;
  const failure = (fetcher.data as Failure | undefined) ?? documentFailure;
  const pending = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);

  // Errors found in the browser, for the server answer they were checked against.
  const [browserCheck, setBrowserCheck] = useState<{
    errors: FieldErrors<F>;
    basis: Failure | undefined;
  } | null>(null);
  const [focusRequest, setFocusRequest] = useState(0);

  const checkedSinceAnswer = browserCheck !== null && browserCheck.basis === failure;
  const errors: FieldErrors<F> = checkedSinceAnswer
    ? browserCheck.errors
    : failure?.kind === "invalid"
      ? (failure.errors ?? {})
      : {};
  const formMessage =
    failure && failure.kind !== "invalid" && !checkedSinceAnswer
      ? (failure as Exclude<Failure, { kind: "invalid" }>)
      : null;
  const values: FieldValues<F> = failure?.values ?? {};
  const errorFields = fields.filter((field) => errors[field]);

  const [fetchedToken, setFetchedToken] = useState("");
  const tokenRequest = useRef<Promise<string>>(undefined);
  const formToken = fetchedToken || ((failure as WithFormToken | undefined)?.formToken ?? "");
  useEffect(() => {
    if (pending) return;
    let current = true;
    const request = fetchFormToken(tokenForm);
    tokenRequest.current = request;
    request.then(
      (token) => current && setFetchedToken(token),
      () => undefined, // the post goes without one, and its answer brings one
    );
    return () => {
      current = false;
    };
  }, [pending, tokenForm]);

  useEffect(() => {
    const form = formRef.current;
    if (!form || (!failure && focusRequest === 0)) return;
    const target =
      form.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.querySelector<HTMLElement>("[data-form-message]");
    target?.focus();
  }, [failure, focusRequest]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (pending) {
      event.preventDefault();
      return;
    }
    if (!formToken && tokenRequest.current) {
      // Sent before the token arrived: hold the post, and send it once it has.
      event.preventDefault();
      const form = event.currentTarget;
      const request = tokenRequest.current;
      tokenRequest.current = undefined;
      void request
        .then((token) => flushSync(() => setFetchedToken(token)))
        .catch(() => undefined)
        .finally(() => form.requestSubmit());
      return;
    }
    const check = validator.current();
    if (check === null) {
      // Sent before the check arrived: hold the post, and send it again once it has.
      event.preventDefault();
      const form = event.currentTarget;
      void validator.load().then(() => form.requestSubmit());
      return;
    }
    if (check === false) return; // the server checks it
    const result = check(new FormData(event.currentTarget));
    if (result.success) {
      setBrowserCheck({ errors: {}, basis: failure });
      return; // the fetcher sends it
    }
    event.preventDefault();
    setBrowserCheck({ errors: result.errors, basis: failure });
    setFocusRequest((count) => count + 1);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const check = validator.current();
    if (errorFields.length === 0 || !check) return;
    const result = check(new FormData(event.currentTarget));
    const fresh: FieldErrors<F> = result.success ? {} : result.errors;
    const stillWrong: FieldErrors<F> = {};
    for (const field of errorFields) if (fresh[field]) stillWrong[field] = fresh[field];
    setBrowserCheck({ errors: stillWrong, basis: failure });
  }

  return {
    Form: fetcher.Form,
    pending,
    errors,
    errorFields,
    values,
    formMessage,
    /** The time token for the form's hidden field (FormGuardFields). */
    formToken,
    /** The source the server took for a form sent without JavaScript, for its next post. */
    source: (failure as WithLeadSource | undefined)?.source,
    /** Spread on `<Form>` together with its `action`. */
    formProps: {
      ref: formRef,
      method: "post" as const,
      noValidate: true,
      "aria-busy": pending || undefined,
      onSubmit,
      onChange,
      onFocus: () => void validator.load(),
    },
  };
}

async function fetchFormToken(form: TokenForm): Promise<string> {
  const response = await fetch(formTokenPath(form), { cache: "no-store" });
  if (!response.ok) throw new Error(`form token: ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  return token;
}
