import { Suspense, use, useId, useState, type FormEvent } from 'react';
import type { FlowsSimulatorApi } from '../../api/flows-simulator';
import {
  SIMULATOR_QUERY_PARAMS,
  type SimulatedPage,
  type SimulationInput,
  type SimulationResult,
  type SimulatorOptions,
} from '../../api/schemas/flows-simulator';
import { Button } from '../../ui/Button';
import { FailureNotice } from '../../ui/FailureNotice';
import { Form } from '../../ui/Form';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import './simulator.css';

/** The markets the app sells in: a country override (`countrycd`) for the simulation. */
const COUNTRIES = ['US', 'GB', 'CA', 'IN', 'DE', 'FR', 'ES'];
const OWN_COUNTRY = 'own';
const UNASSIGNED = 'none';

export interface SimulatorPanelProps {
  api: FlowsSimulatorApi;
  /** Opens an address in a new tab; the browser's own by default. */
  openTab?: (url: string) => void;
}

/** One read of the form's options per API client, for `use`; null when it failed. */
const optionReads = new WeakMap<FlowsSimulatorApi, Promise<SimulatorOptions | null>>();
function optionsOf(api: FlowsSimulatorApi): Promise<SimulatorOptions | null> {
  let read = optionReads.get(api);
  if (!read) {
    read = api.options().catch(() => null);
    optionReads.set(api, read);
  }
  return read;
}

/**
 * "What will this person see": a persona, a country, a device, experiment variations and query
 * parameters in; the pages of the purchase and cancellation paths, with the offers and blocks
 * each shows, out (the server runs the app's machines headless). "Open it" signs a fresh copy
 * of the persona in with the same overrides and opens the first page in a new tab.
 */
export function SimulatorPanel(props: SimulatorPanelProps) {
  const [attempt, setAttempt] = useState(0);
  return (
    <section className="simulator" aria-labelledby="simulator-heading" data-testid="simulator-panel">
      <h2 id="simulator-heading">What will this person see</h2>
      <Suspense fallback={<p role="status">Loading the personas and experiments…</p>}>
        <OptionsBoundary key={attempt} {...props} onRetry={() => setAttempt((n) => n + 1)} />
      </Suspense>
    </section>
  );
}

function OptionsBoundary({ onRetry, ...props }: SimulatorPanelProps & { onRetry: () => void }) {
  const options = use(optionsOf(props.api));
  if (!options) {
    return (
      <FailureNotice
        message="The personas and experiments could not be read."
        retry={{
          label: 'Try again',
          onPress: () => {
            optionReads.delete(props.api);
            onRetry();
          },
        }}
      />
    );
  }
  return <SimulatorForm {...props} options={options} />;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; result: SimulationResult }
  | { kind: 'failed'; message: string };

function SimulatorForm({
  api,
  openTab = (url) => window.open(url, '_blank', 'noopener'),
  options,
}: SimulatorPanelProps & { options: SimulatorOptions }) {
  const [persona, setPersona] = useState('active-de');
  const [country, setCountry] = useState(OWN_COUNTRY);
  const [device, setDevice] = useState<'desktop' | 'mobile'>('desktop');
  const [variations, setVariations] = useState<Record<string, string>>({});
  const [query, setQuery] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [opening, setOpening] = useState<string | null>(null);

  const input = (): SimulationInput => ({
    // Picked from the options the server listed, so one of the ids its schema takes.
    persona: persona as SimulationInput['persona'],
    country: country === OWN_COUNTRY ? null : country,
    device,
    variations: Object.fromEntries(
      Object.entries(variations).flatMap(([guid, value]) => (value === UNASSIGNED ? [] : [[guid, Number(value)]])),
    ),
    query: Object.fromEntries(Object.entries(query).filter(([, value]) => value.trim() !== '')),
  });

  const run = async () => {
    setStatus({ kind: 'busy' });
    try {
      setStatus({ kind: 'done', result: await api.simulate(input()) });
    } catch (error) {
      setStatus({ kind: 'failed', message: error instanceof Error ? error.message : 'The simulation failed.' });
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run();
  };
  const open = async (path: 'purchase' | 'cancellation') => {
    setOpening(path);
    try {
      const { url } = await api.open({ ...input(), path });
      openTab(url);
      setOpening(null);
    } catch (error) {
      setOpening(null);
      setStatus({
        kind: 'failed',
        message: error instanceof Error ? error.message : 'The persona could not be signed in.',
      });
    }
  };

  return (
    <>
      <Form className="simulator__form" onSubmit={submit} aria-label="Simulation">
        <div className="simulator__fields">
          <Select
            label="Persona"
            options={options.personas.map((p) => ({ id: p.id, label: `${p.id} (${p.userType}, ${p.country})` }))}
            selectedKey={persona}
            onSelectionChange={(key) => key !== null && setPersona(String(key))}
            data-testid="simulator-persona"
          />
          <Select
            label="Country"
            options={[{ id: OWN_COUNTRY, label: "The persona's own" }, ...COUNTRIES.map((c) => ({ id: c, label: c }))]}
            selectedKey={country}
            onSelectionChange={(key) => key !== null && setCountry(String(key))}
            data-testid="simulator-country"
          />
          <Select
            label="Device"
            options={[
              { id: 'desktop', label: 'Desktop' },
              { id: 'mobile', label: 'Mobile' },
            ]}
            selectedKey={device}
            onSelectionChange={(key) => key !== null && setDevice(key === 'mobile' ? 'mobile' : 'desktop')}
            data-testid="simulator-device"
          />
        </div>
        <fieldset className="simulator__group">
          <legend>Experiment variations</legend>
          <div className="simulator__fields">
            {options.experiments.map((experiment) => (
              <Select
                key={experiment.guid}
                label={experiment.name}
                options={[
                  { id: UNASSIGNED, label: 'Not assigned' },
                  ...Array.from({ length: experiment.variations }, (_, i) => ({
                    id: String(i + 1),
                    label: `Variation ${i + 1}`,
                  })),
                ]}
                selectedKey={variations[experiment.guid] ?? UNASSIGNED}
                onSelectionChange={(key) =>
                  key !== null && setVariations((v) => ({ ...v, [experiment.guid]: String(key) }))
                }
                data-testid={`simulator-experiment-${experiment.guid}`}
              />
            ))}
          </div>
        </fieldset>
        <fieldset className="simulator__group">
          <legend>Query parameters</legend>
          <div className="simulator__fields">
            {SIMULATOR_QUERY_PARAMS.map((name) => (
              <TextField
                key={name}
                label={name}
                value={query[name] ?? ''}
                onChange={(value) => setQuery((q) => ({ ...q, [name]: value }))}
                maxLength={200}
              />
            ))}
          </div>
        </fieldset>
        <div className="actions">
          <Button type="submit" isDisabled={status.kind === 'busy'} data-testid="simulator-run">
            Simulate
          </Button>
          <Button
            variant="secondary"
            isDisabled={opening !== null}
            onPress={() => void open('purchase')}
            data-testid="simulator-open-purchase"
          >
            Open the purchase path
          </Button>
          <Button
            variant="secondary"
            isDisabled={opening !== null || persona === 'guest'}
            onPress={() => void open('cancellation')}
            data-testid="simulator-open-cancellation"
          >
            Open the cancellation path
          </Button>
        </div>
        <p className="simulator__note">Opening signs this browser in as a fresh copy of the persona.</p>
      </Form>
      {status.kind === 'busy' ? <p role="status">Simulating…</p> : null}
      {status.kind === 'failed' ? (
        <FailureNotice
          message={status.message}
          retry={{ label: 'Try again', onPress: () => void run() }}
          testId="simulator-error"
        />
      ) : null}
      {status.kind === 'done' ? <SimulationResults result={status.result} /> : null}
    </>
  );
}

export function SimulationResults({ result }: { result: SimulationResult }) {
  return (
    <div className="simulator__results" data-testid="simulator-results" aria-live="polite">
      <p>
        {result.persona.id}: user type {result.persona.userType}, {result.persona.country}, portal{' '}
        {result.persona.portal}, {result.device}, {result.persona.signedIn ? 'signed in' : 'not signed in'}.
      </p>
      <PathPages title="Purchase path" pages={result.purchase} testId="simulator-purchase" />
      <PathPages title="Cancellation path" pages={result.cancellation} testId="simulator-cancellation" />
    </div>
  );
}

function PathPages({ title, pages, testId }: { title: string; pages: SimulatedPage[]; testId: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid={testId}>
      <h3 id={headingId}>{title}</h3>
      {pages.length === 0 ? <p>No pages: this person does not take this path.</p> : null}
      {/* role="list": a list without markers is still one for every browser's screen reader. */}
      <ol className="simulator__pages" role="list">
        {pages.map((page, index) => (
          <li key={`${index}-${page.path}`} data-testid="simulated-page" data-page-code={page.pageCode}>
            <table className="simulator__page">
              {/* The page's number is drawn by the style sheet (a counter): the text names the page only. */}
              <caption>{page.pageCode}</caption>
              <tbody>
                <Row label="Address" value={page.path} />
                <Row label="State" value={`${page.machine}: ${page.state}`} />
                <Row label="Offers" value={page.offers.join(', ') || 'none'} testId="simulated-offers" />
                <Row label="Blocks" value={page.blocks.join(', ') || 'none'} testId="simulated-blocks" />
                {Object.entries(page.facts).map(([name, value]) => (
                  <Row key={name} label={name} value={String(value)} />
                ))}
                <Row label="Then" value={page.next ?? 'the end of the path'} />
              </tbody>
            </table>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td data-testid={testId}>{value}</td>
    </tr>
  );
}
