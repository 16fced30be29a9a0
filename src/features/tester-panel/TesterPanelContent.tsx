import { useSelector } from '@xstate/react';
import { Suspense, use, useCallback, useState, type FormEvent } from 'react';
import { Radio, RadioGroup, type Key } from '../../ui/RadioGroup';
import { useTranslation } from 'react-i18next';
import * as z from 'zod/mini';
import { useServices } from '../../app/services';
import { namedExperiments, variationsToOffer } from '../../domain/experiment-catalogue';
import {
  experimentCookieFor,
  guidKey,
  isControlVariation,
  readExperimentAssignments,
  variationOf,
} from '../../domain/experiments';
import { clearCountryOverrideCookie, countryOverrideCookie, readCountryOverride } from '../../domain/query-params';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { DEFAULT_PORTAL_CODE } from './tester-panel';
import { goKeepingPanelOpen } from './panel-storage';
import { THEMES } from '../../domain/themes';
import type { ThemeOverride } from './useThemeOverride';

const personasAnswer = z.object({ Personas: z.array(z.object({ id: z.string(), name: z.string() })) });
const GUEST = 'guest';
const NOT_ASSIGNED = 0;
const COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

/** The open panel's sections: theme, persona, test country and experiment variations. */
export default function TesterPanelContent({ theme, demoLogin }: { theme: ThemeOverride; demoLogin: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <ThemePicker theme={theme} />
      <PersonaSwitcher demoLogin={demoLogin} />
      <CountryOverride />
      <Suspense fallback={<p className="tester-panel__note">{t('testerPanel.experiments.loading')}</p>}>
        <ExperimentVariations />
      </Suspense>
    </>
  );
}

/** The white-label theme picker; the choice itself lives in the always-mounted panel. */
function ThemePicker({ theme: { current, overridden, choose, usePortalTheme } }: { theme: ThemeOverride }) {
  const { t } = useTranslation();
  return (
    <div className="tester-panel__section">
      <RadioGroup
        className="tester-panel__radios"
        value={current}
        onChange={choose}
        label={t('testerPanel.theme.label')}
        labelClassName="tester-panel__label"
      >
        {THEMES.map((theme) => (
          <Radio key={theme} value={theme} className="tester-panel__radio">
            {t(`testerPanel.theme.${theme}`)}
          </Radio>
        ))}
      </RadioGroup>
      {overridden ? (
        <Button variant="link" onPress={usePortalTheme}>
          {t('testerPanel.theme.usePortal')}
        </Button>
      ) : null}
    </div>
  );
}

/** Signs a demo persona in (or signs out to a guest) and reloads the page. */
function PersonaSwitcher({ demoLogin }: { demoLogin: boolean }) {
  const { t } = useTranslation();
  if (!demoLogin) return <p className="tester-panel__note">{t('testerPanel.persona.unavailable')}</p>;
  return (
    <Suspense fallback={<PersonaChooser personas={null} />}>
      <PersonaChooserWithList />
    </Suspense>
  );
}

const PERSONAS_READ = 'demo:personas';
const EXPERIMENTS_READ = 'config:experiment-definitions';

/**
 * A failed read of the panel stays failed until asked again: this button forgets it and draws
 * again, which reads afresh.
 */
function useRetryOfRead(key: string): () => void {
  const { lastingReads } = useServices();
  const [, setAttempt] = useState(0);
  return useCallback(() => {
    lastingReads.forget(key);
    setAttempt((attempt) => attempt + 1);
  }, [lastingReads, key]);
}

/** A list of the panel that could not be loaded: what failed, and a way to ask again. */
function ReadFailed({ message, retry }: { message: string; retry: (() => void) | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      <p role="alert" className="tester-panel__error">
        {message}
      </p>
      <Button variant="secondary" onPress={retry}>
        {t('app.retry')}
      </Button>
    </>
  );
}

function PersonaChooserWithList() {
  const { api, lastingReads } = useServices();
  const retry = useRetryOfRead(PERSONAS_READ);
  const personas = use(
    lastingReads.read(PERSONAS_READ, () =>
      api.client.get('demo/personas', personasAnswer).then(
        (answer) => answer.Personas.map((p) => p.id),
        () => 'failed' as const,
      ),
    ),
  );
  return <PersonaChooser personas={personas} retry={retry} />;
}

/** The persona select: disabled until the list is in (`null`), with the guest always offered. */
function PersonaChooser({ personas, retry }: { personas: string[] | 'failed' | null; retry?: () => void }) {
  const { t } = useTranslation();
  const { api, config, startup } = useServices();
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const signedInAs = useSelector(startup, (s) => {
    const email = s.context.claims?.EmailAddress;
    return email || null;
  });
  const listed = Array.isArray(personas) ? personas : [];

  const choose = async (key: Key | null) => {
    if (key === null) return;
    const persona = String(key);
    setBusy(true);
    const here = `${window.location.pathname}${window.location.search}`;
    try {
      if (persona === GUEST) {
        await api.demo.signOut();
        goKeepingPanelOpen(() => window.location.reload());
      } else {
        const base = config.apiBase.replace(/\/+$/, '');
        goKeepingPanelOpen(() =>
          window.location.assign(`${base}/demo/session?${new URLSearchParams({ persona, next: here }).toString()}`),
        );
      }
    } catch {
      setBusy(false);
      setFailed(true);
    }
  };

  return (
    <div className="tester-panel__section">
      <Select
        className="tester-panel__select"
        labelClassName="tester-panel__label"
        label={t('testerPanel.persona.label')}
        placeholder={t('testerPanel.persona.placeholder')}
        onSelectionChange={(key) => void choose(key)}
        isDisabled={busy || !Array.isArray(personas)}
        options={[{ id: GUEST, label: t('testerPanel.persona.guest') }, ...listed.map((id) => ({ id, label: id }))]}
      />
      <p className="tester-panel__note">
        {signedInAs ? t('testerPanel.persona.current', { email: signedInAs }) : t('testerPanel.persona.currentGuest')}
      </p>
      {failed ? (
        <p role="alert" className="tester-panel__error">
          {t('testerPanel.persona.failed')}
        </p>
      ) : null}
      {personas === 'failed' ? <ReadFailed message={t('testerPanel.persona.listFailed')} retry={retry} /> : null}
    </div>
  );
}

/** The 2-letter test-country override, kept in the `countrycd` cookie. */
function CountryOverride() {
  const { t } = useTranslation();
  const [value, setValue] = useState(() => readCountryOverride(document.cookie) ?? '');
  const [saved, setSaved] = useState(() => readCountryOverride(document.cookie));
  const [error, setError] = useState<string | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const cookie = countryOverrideCookie(value, { path: '/' });
    if (!cookie) {
      setError(t('testerPanel.country.invalid'));
      return;
    }
    document.cookie = cookie;
    setError(null);
    setSaved(readCountryOverride(document.cookie));
    setValue(readCountryOverride(document.cookie) ?? value);
  };
  const clear = () => {
    document.cookie = clearCountryOverrideCookie({ path: '/' });
    setValue('');
    setError(null);
    setSaved(null);
  };

  return (
    <form className="tester-panel__section" onSubmit={apply} noValidate>
      <TextField
        label={t('testerPanel.country.label')}
        description={t('testerPanel.country.description')}
        value={value}
        onChange={setValue}
        errorMessage={error}
        autoComplete="off"
      />
      <div className="tester-panel__actions">
        <Button type="submit">{t('testerPanel.country.apply')}</Button>
        <Button variant="secondary" onPress={clear}>
          {t('testerPanel.country.clear')}
        </Button>
      </div>
      <p role="status" className="tester-panel__note">
        {saved ? t('testerPanel.country.current', { country: saved }) : t('testerPanel.country.none')}
      </p>
    </form>
  );
}

/**
 * One variation select per experiment configuration defines, named as it names it, offering
 * only the variations it has; a choice writes `ew_exp` and reloads.
 */
function ExperimentVariations() {
  const { t } = useTranslation();
  const { api, lastingReads, startup } = useServices();
  const retry = useRetryOfRead(EXPERIMENTS_READ);
  const portal = useSelector(startup, (s) => {
    const portalCode = s.context.claims?.PortalCD;
    return portalCode?.trim() ? portalCode : DEFAULT_PORTAL_CODE;
  });
  const experiments = use(
    lastingReads.read(EXPERIMENTS_READ, () =>
      api.config.experiments().then(
        (answer) => namedExperiments(answer.Experiments),
        () => null,
      ),
    ),
  );

  const assignments = readExperimentAssignments(document.cookie, portal);
  const choose = (experiment: string, key: Key | null) => {
    if (key === null) return;
    const variation = Number(key);
    const others = assignments.filter((a) => guidKey(a.ExperimentGUID) !== experiment);
    const next =
      variation === NOT_ASSIGNED ? others : [...others, { ExperimentGUID: experiment, VariationIndex: variation }];
    document.cookie = experimentCookieFor(document.cookie, portal, next, { path: '/', maxAgeSeconds: COOKIE_MAX_AGE });
    goKeepingPanelOpen(() => window.location.reload());
  };
  const variationLabel = (variation: number) =>
    t(
      isControlVariation(variation) ? 'testerPanel.experiments.controlVariation' : 'testerPanel.experiments.variation',
      { variation },
    );

  if (!experiments)
    return (
      <div className="tester-panel__section">
        <ReadFailed message={t('testerPanel.experiments.failed')} retry={retry} />
      </div>
    );
  return (
    <fieldset className="tester-panel__section tester-panel__experiments">
      <legend className="tester-panel__label">{t('testerPanel.experiments.legend', { portal })}</legend>
      {experiments.length === 0 ? <p className="tester-panel__note">{t('testerPanel.experiments.none')}</p> : null}
      {experiments.map((experiment) => {
        const assigned = variationOf(assignments, experiment.guid);
        return (
          <Select
            key={experiment.guid}
            className="tester-panel__select"
            labelClassName="tester-panel__label tester-panel__label--small"
            data-testid={`tester-panel-experiment-${experiment.guid}`}
            label={t('testerPanel.experiments.label', { name: experiment.name })}
            selectedKey={assigned ?? NOT_ASSIGNED}
            onSelectionChange={(key) => choose(experiment.guid, key)}
            options={[
              { id: NOT_ASSIGNED, label: t('testerPanel.experiments.notAssigned') },
              ...variationsToOffer(experiment, assigned).map((v) => ({ id: v, label: variationLabel(v) })),
            ]}
          />
        );
      })}
    </fieldset>
  );
}
