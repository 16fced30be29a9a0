import type { EdgeCoverage } from '../flows/graph';
import { configExperiments } from '../api/schemas/pages';
import { namedExperiments, type NamedExperiment } from '../domain/experiment-catalogue';
import {
  flowCounts,
  flowMachineList,
  flowSegmentValues,
  type FlowCounts,
  type FlowCountsQuery,
  type FlowMachineList,
  type FlowSegmentValues,
} from '../api/schemas/flows';

/** What a read failed with, to say it and offer a retry. */
export class ExplorerReadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface MachineCoverage {
  machine: string;
  unit: { paths: number };
  browser: { paths: number } | null;
  /** Per graph edge: whether the unit and the browser paths take it (`npm run coverage:paths`). */
  edges?: EdgeCoverage[];
}

const query = (params: Record<string, string | undefined>) => {
  const search = new URLSearchParams(
    Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The explorer's reads: the machines' list, one machine's counts, the segment values, the experiments' names, the coverage report. */
export function createExplorerApi(apiBase: string, fetcher: typeof fetch = (input, init) => fetch(input, init)) {
  const read = async <T>(url: string, parse: (body: unknown) => T): Promise<T> => {
    let response: Response;
    try {
      response = await fetcher(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
    } catch {
      throw new ExplorerReadError(0, 'The server could not be reached.');
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
      throw new ExplorerReadError(response.status, body?.error?.message ?? `The server answered ${response.status}.`);
    }
    return parse(await response.json());
  };
  return {
    machines: (range: { from?: string; to?: string }): Promise<FlowMachineList> =>
      read(`${apiBase}/flows/machines${query(range)}`, (b) => flowMachineList.parse(b)),
    counts: (machine: string, filter: FlowCountsQuery): Promise<FlowCounts> =>
      read(`${apiBase}/flows/machines/${encodeURIComponent(machine)}/counts${query({ ...filter })}`, (b) =>
        flowCounts.parse(b),
      ),
    segments: (range: { from?: string; to?: string }): Promise<FlowSegmentValues> =>
      read(`${apiBase}/flows/segments${query(range)}`, (b) => flowSegmentValues.parse(b)),
    /** The experiments remote configuration defines, to name them and their variations. */
    experiments: (): Promise<NamedExperiment[]> =>
      read(`${apiBase}/config/experiments`, (b) => namedExperiments(configExperiments.parse(b).Experiments)),
    coverage: (): Promise<MachineCoverage[]> =>
      read('/flows/coverage.json', (b) => (b as { machines: MachineCoverage[] }).machines),
  };
}
export type ExplorerApi = ReturnType<typeof createExplorerApi>;
