import { prerender } from 'react-dom/static';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FlowsSimulatorApi } from '../../src/api/flows-simulator';
import type { SimulationResult } from '../../src/api/schemas/flows-simulator';
import { SimulationResults, SimulatorPanel } from '../../src/flows-explorer/simulator/SimulatorPanel';

const api: FlowsSimulatorApi = {
  options: async () => ({
    personas: [
      { id: 'active-de', name: 'Lena Schneider', country: 'DE', userType: 'ACTV' },
      { id: 'guest', name: 'Guest', country: 'US', userType: 'NEW' },
    ],
    experiments: [{ guid: 'e1000000-0000-4000-8000-000000000002', name: 'Cancel flow', variations: 4 }],
    queryParams: ['flow', 'runtest'],
  }),
  simulate: async () => {
    throw new Error('not in this test');
  },
  open: async () => {
    throw new Error('not in this test');
  },
};

async function html(node: React.ReactNode): Promise<string> {
  const { prelude } = await prerender(node);
  return new Response(prelude).text();
}

describe('the simulator panel', () => {
  it('is a labelled form: persona, country, device, one select per experiment, the query parameters, and the three actions', async () => {
    const markup = await html(<SimulatorPanel api={api} />);
    expect(markup).toContain('aria-labelledby="simulator-heading"');
    for (const label of ['Persona', 'Country', 'Device', 'Cancel flow', 'flow', 'runtest', 'countrycd'])
      expect(markup).toContain(`>${label}</`);
    expect(markup).toContain('data-testid="simulator-experiment-e1000000-0000-4000-8000-000000000002"');
    expect(markup).toContain('<legend>Experiment variations</legend>');
    for (const action of ['simulator-run', 'simulator-open-purchase', 'simulator-open-cancellation'])
      expect(markup).toContain(`data-testid="${action}"`);
  });

  it('shows a failure with a retry when the options cannot be read', async () => {
    const failing = { ...api, options: async () => Promise.reject(new Error('down')) };
    const markup = await html(<SimulatorPanel api={failing} />);
    expect(markup).toMatch(/role="alert"[^>]*>[\s\S]*could not be read/);
  });

  it('lists each path as pages with their page code, offers and blocks in tables', () => {
    const result: SimulationResult = {
      persona: { id: 'active-de', userType: 'ACTV', country: 'DE', portal: 'RNDE', signedIn: true },
      device: 'mobile',
      variations: {},
      purchase: [],
      cancellation: [
        {
          path: '/payment/mysettings',
          pageCode: 'MYSET',
          machine: 'mySettings',
          state: 'mySettings.loaded',
          offers: ['cancellationReminder'],
          blocks: ['entry:cancel'],
          facts: { planStatus: 'ACTV' },
          next: 'entry:cancel',
        },
      ],
    };
    const markup = renderToStaticMarkup(<SimulationResults result={result} />);
    expect(markup).toContain('No pages: this person does not take this path.');
    expect(markup).toContain('data-page-code="MYSET"');
    expect(markup).toMatch(/<th scope="row">Offers<\/th><td data-testid="simulated-offers">cancellationReminder<\/td>/);
    // The ordered list numbers the pages: a number in the caption too showed "1. 1. MYSET".
    expect(markup).toMatch(
      /<ol class="simulator__pages" role="list"><li [^>]*data-page-code="MYSET"><table class="simulator__page"><caption>MYSET<\/caption>/,
    );
  });
});
