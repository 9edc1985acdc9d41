import http from 'node:http';
import fc from 'fast-check';
import { loadApiModel, type ApiModel, type ApiName } from './api-model.js';
import type { Answer, Finding } from './answer.js';
import { AnswerChecker, isParserRejection } from './check-answer.js';
import { arbitraryRequest } from './arbitrary-request.js';
import { encodeRequest, type WireRequest } from './encode-request.js';
import type { FuzzRequest } from './fuzz-request.js';
import { listSecrets, loadAccounts } from './load-accounts.js';
import { sendRequest } from './send-request.js';
import { TokenPool } from './token-pool.js';

export interface FuzzOptions {
  root: string;
  baseUrl: string;
  seed: number;
  /** requests per API */
  count: number;
  apis: ApiName[];
  concurrency: number;
  /** replay only this request of the seed's sequence */
  only?: { api: ApiName; index: number };
  /** spec violations the in-process server collected since the last call */
  takeViolations?: () => unknown[];
  /** findings kept in full; the rest are only counted */
  keepFindings?: number;
}

export interface FindingRecord {
  api: ApiName;
  index: number;
  seed: number;
  findings: Finding[];
  request: FuzzRequest;
  wire: WireRequest;
  status: number;
  body: string;
}

export interface ApiStats {
  requests: number;
  byStatus: Record<string, number>;
  byOperation: Record<string, Record<string, number>>;
  byTag: Record<string, number>;
  findingsByKind: Record<string, number>;
  ms: number[];
}

export interface FuzzReport {
  seed: number;
  baseUrl: string;
  stats: Partial<Record<ApiName, ApiStats>>;
  findings: FindingRecord[];
  findingCount: number;
  /** requests whose first connection was dropped without an answer, answered on the second try */
  dropped: FindingRecord[];
  seconds: number;
}

/** The requests of one API for a seed: the same seed always gives the same sequence. */
export function generateRequests(model: ApiModel, root: string, seed: number, count: number): FuzzRequest[] {
  return fc.sample(arbitraryRequest(model, loadAccounts(root)), { seed, numRuns: count });
}

/** Generates, sends and checks; never throws for what the server answers, only for a broken set-up. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const started = performance.now();
  const accounts = loadAccounts(options.root);
  const models = { commerce: loadApiModel(options.root, 'commerce'), social: loadApiModel(options.root, 'social') };
  const checker = new AnswerChecker(models, listSecrets(accounts), {
    customer: accounts.customers[0].username,
    customer2: accounts.customers[1].username,
    socialUser: accounts.socialUsers.find((u) => u.canLogIn)?.username,
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const report: FuzzReport = {
    seed: options.seed,
    baseUrl: options.baseUrl,
    stats: {},
    findings: [],
    findingCount: 0,
    dropped: [],
    seconds: 0,
  };
  try {
    const pool = await TokenPool.create(options.baseUrl, accounts, agent);
    options.takeViolations?.();
    for (const api of options.apis) {
      if (options.only && options.only.api !== api) continue;
      const all = generateRequests(models[api], options.root, options.seed, options.only ? options.only.index + 1 : options.count);
      const indexes = options.only ? [options.only.index] : all.map((_, i) => i);
      const stats: ApiStats = { requests: 0, byStatus: {}, byOperation: {}, byTag: {}, findingsByKind: {}, ms: [] };
      report.stats[api] = stats;
      let next = 0;
      const worker = async () => {
        while (next < indexes.length) {
          const index = indexes[next++];
          const req = all[index];
          const token = pool.resolve(req.token, index);
          const wire = encodeRequest(req, token);
          const answer: Answer = await sendRequest(options.baseUrl, wire, agent);
          const violations = options.takeViolations?.();
          if (violations?.length) answer.violations = violations;
          await pool.noteAnswer(req, token, answer);
          const findings = checker.check(req, wire, token, answer);
          record(stats, req, answer, findings);
          if (answer.droppedOnce) {
            const detail = [
              { kind: 'no-answer' as const, detail: `first try: ${answer.droppedOnce}; second try answered ${answer.status}` },
            ];
            report.dropped.push({
              api,
              index,
              seed: options.seed,
              findings: detail,
              request: req,
              wire,
              status: answer.status,
              body: answer.body.toString('utf8').slice(0, 200),
            });
          }
          if (findings.length) {
            report.findingCount++;
            if (report.findings.length < (options.keepFindings ?? 50)) {
              report.findings.push({
                api,
                index,
                seed: options.seed,
                findings,
                request: req,
                wire,
                status: answer.status,
                body: answer.body.toString('utf8').slice(0, 500),
              });
            }
          }
        }
      };
      await Promise.all(Array.from({ length: options.concurrency }, worker));
    }
  } finally {
    agent.destroy();
  }
  report.seconds = (performance.now() - started) / 1000;
  return report;
}

function record(stats: ApiStats, req: FuzzRequest, answer: Answer, findings: Finding[]): void {
  const status = answer.error ? 'none' : isParserRejection(answer) ? '400(http-parser)' : String(answer.status);
  stats.requests++;
  stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
  const op = (stats.byOperation[req.operationId] ??= {});
  op[status] = (op[status] ?? 0) + 1;
  for (const tag of new Set(req.tags)) {
    stats.byTag[tag] = (stats.byTag[tag] ?? 0) + 1;
  }
  for (const f of findings) stats.findingsByKind[f.kind] = (stats.findingsByKind[f.kind] ?? 0) + 1;
  stats.ms.push(answer.ms);
}
