import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../support/memory-store';
import { createEventQueue, type FlowTransitionBody } from '../../src/analytics/event-queue';
import type { FlowTransition } from '../../src/api/schemas/flows';
import { safeParse } from 'zod/mini';
import { flowSegment } from '../../src/api/schemas/flows';
import { flowSegmentOf } from '../../src/app/visitor-context';

const step: FlowTransitionBody = {
  machine: 'finalOffer',
  flowId: '00000000-0000-4000-8000-000000000001',
  seq: 0,
  from: null,
  event: 'xstate.init',
  to: 'finalOffer.loading',
  at: '2026-11-26T04:00:00.000Z',
  segment: { country: 'US', device: 'desktop', userType: 'GUST', variations: {} },
};

function setup(consent = true) {
  const store = new MemoryStore();
  const flows: FlowTransition[] = [];
  const events: string[] = [];
  let down = false;
  const queue = createEventQueue({
    store,
    consentGiven: () => consent,
    sleep: async () => {},
    send: async (b) => void events.push(b.event_name),
    sendFlow: async (t) => {
      if (down) throw new Error('down');
      flows.push(t);
    },
  });
  return { queue, flows, events, setDown: (d: boolean) => (down = d) };
}

describe('flow transitions through the analytics queue', () => {
  it('go to the flows endpoint with the queued item’s id, a GUID', async () => {
    const t = setup();
    expect(await t.queue.trackFlow(step)).toBe('sent');
    expect(t.flows).toHaveLength(1);
    expect(t.flows[0]).toMatchObject(step);
    expect(t.flows[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(t.events).toEqual([]);
  });

  it('a transition kept through an outage is sent later with the same id, so the server counts it once', async () => {
    const t = setup();
    t.setDown(true);
    expect(await t.queue.trackFlow(step)).toBe('queued');
    const [kept] = t.queue.stored();
    t.setDown(false);
    expect(await t.queue.flush()).toBe(1);
    expect(t.flows.map((f) => f.id)).toEqual([kept!.id]);
    expect(t.queue.pending()).toBe(0);
  });

  it('are not sent, nor kept, without analytics consent', async () => {
    const t = setup(false);
    expect(await t.queue.trackFlow(step)).toBe('skipped');
    expect(t.flows).toEqual([]);
    expect(t.queue.pending()).toBe(0);
  });
});

describe('the segment of a visitor', () => {
  const guid = '0f8fad5b-d9cb-469f-a165-70867728950e';
  const base = {
    language: 'de-DE',
    location: { pathname: '/payment/mobile/plans', search: '' },
    cookieHeader: '',
    viewportWidth: 1280,
  };

  it('a guest: the culture’s country, the device of the page, GUST, and the variations of the portal', () => {
    const cookie = `ew_exp=${encodeURIComponent(
      JSON.stringify([
        { ExperimentGUID: guid.toUpperCase(), VariationIndex: 4, PortalCD: 'RNDE' },
        { ExperimentGUID: guid, VariationIndex: 2, PortalCD: 'RNUS' },
      ]),
    )}`;
    expect(flowSegmentOf({ ...base, claims: null, cookieHeader: cookie })).toEqual({
      country: 'DE',
      device: 'mobile',
      userType: 'GUST',
      variations: { [guid]: 4 },
    });
  });

  it('a signed-in person: the account’s country and user type, and nothing that names them', () => {
    const claims = {
      Role: 'User',
      UserUID: '5eed0000-0000-4000-8000-000000000008',
      CountryCD: 'gb',
      UserType: 'ACTV',
      PortalCD: 'RNUK',
      EmailAddress: 'a@example.com',
      FirstName: 'Ann',
      AccountID: 'acc-1',
    };
    const segment = flowSegmentOf({
      ...base,
      location: { pathname: '/payment/pricing', search: `?runtest=${guid}:3` },
      claims: claims as never,
    });
    expect(segment).toEqual({ country: 'GB', device: 'desktop', userType: 'ACTV', variations: { [guid]: 3 } });
    expect(JSON.stringify(segment)).not.toMatch(/5eed|example|Ann|acc-1/);
  });

  it('keeps only what the server accepts: at most 20 variations, in range, and a known shape of country and user type', () => {
    const guids = Array.from({ length: 25 }, (_, i) => `0f8fad5b-d9cb-469f-a165-${String(i).padStart(12, '0')}`);
    const entries = [
      ...guids.map((g) => ({ ExperimentGUID: g, VariationIndex: 2, PortalCD: 'RNUS' })),
      { ExperimentGUID: guid, VariationIndex: 5000, PortalCD: 'RNUS' },
    ];
    const cookie = `ew_exp=${encodeURIComponent(JSON.stringify(entries))}`;
    const claims = {
      Role: 'User',
      UserUID: '5eed0000-0000-4000-8000-000000000008',
      CountryCD: 'Narnia',
      UserType: 'active member',
      PortalCD: 'RNUS',
      EmailAddress: 'a@example.com',
      FirstName: 'Ann',
      AccountID: 'acc-1',
    };
    const segment = flowSegmentOf({ ...base, language: 'en-US', claims: claims as never, cookieHeader: cookie });
    expect(Object.keys(segment.variations)).toHaveLength(20);
    expect(segment.variations[guid]).toBeUndefined();
    expect(segment.userType).toBe('UNKNOWN');
    expect(safeParse(flowSegment, segment).success).toBe(true);
  });
});
