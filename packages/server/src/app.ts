import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import '@encuestas/core/zod-locale';
import { DEFAULT_INSTITUTION_SIGN_IN_LABEL } from '@encuestas/core/api/institution-sign-in';
import type { ReportsFreshness } from '@encuestas/core/api/reports';
import { API_PREFIX, BASE_PATH } from '@encuestas/core/paths';
import { isSpaPage } from '@encuestas/core/spa-routes';
import { heldAnswersKey, type Config } from './config';
import type { Database, ReadDatabase } from './db/client';
import { openReportsReplica } from './db/reports-replica';
import { InstitutionSignIn, institutionSignInRoutes } from './features/auth/institution-sign-in';
import { DEFAULT_WEB_DIST } from './package-paths';
import { authRoutes } from './features/auth/routes';
import type { AuthDeps } from './features/auth/service';
import { activeRoutes } from './features/actives/routes';
import { auditRoutes } from './features/audit/routes';
import { commentAlertRoutes } from './features/comment-alerts';
import { commentReviewRoutes } from './features/comment-review';
import { campusRoutes } from './features/campuses/routes';
import { catalogRoutes } from './features/catalogs/routes';
import { cycleRoutes } from './features/cycles/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { directoryRoutes } from './features/directory/routes';
import { fileRoutes } from './features/files/routes';
import { FileWorkers, type FileWorkerOptions } from './features/files/workers';
import { healthRoutes } from './features/health/routes';
import { BRANDING_REFRESH_MS, brandingDefaults, institutionRoutes, keepBrandingFresh, withNames, type Branding } from './features/institution/routes';
import { startResponseMover } from './features/responses/mover';
import { startMoverThread } from './features/responses/mover-thread';
import { missingRoutes } from './features/missing/routes';
import { nom035Routes } from './features/nom035/routes';
import { nom035FileRoutes, nom035StaffRoutes } from './features/nom035-file';
import { periodRoutes } from './features/periods/routes';
import { kindReportRoutes } from './features/reports/registry';
import { permissionGroupRoutes } from './features/permission-groups/routes';
import { reportRoutes } from './features/reports/routes';
import type { LoginCodeDeps } from './features/respondents/login-codes';
import { respondentAuthRoutes } from './features/respondents/routes';
import { teacherResultsRoutes } from './features/teacher-results';
import { teacherReflectionRoutes } from './features/teacher-reflections';
import { suggestionRoutes } from './features/suggestions/routes';
import { surveyRoutes } from './features/surveys/routes';
import { userRoutes } from './features/users/routes';
import { installAuth } from './http/auth';
import { registerApiCompression } from './http/compression';
import { openApiTransform } from './http/file-answers';
import { responseContractCompiler } from './http/response-contract';
import { answerClientError, answerFrameworkError, AppError, installErrorHandler } from './http/errors';
import { logSerializers, OneLinePerRequest } from './http/log-serializers';
import { trackRoutesForMethodNotAllowed } from './http/method-not-allowed';
import { Throttle, type Clock } from './http/throttle';
import { TokenService } from './http/tokens';
import { installSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { createMailer, type Mailer } from './mail/mailer';

export { API_PREFIX, BASE_PATH };

/**
 * Largest request body outside the directory import (which sets its own): the
 * largest legitimate one, a new-intake survey with every text at its maximum,
 * is 8.6 kB (about 15 kB with every character escaped as \uXXXX).
 */
export const API_BODY_LIMIT_BYTES = 64 * 1024;
/** Longest path parameter; a longer one is a 414 before any handler runs. */
const MAX_PARAM_LENGTH = 100;

export interface AppOptions {
  config: Config;
  db: Database;
  /** Overrides the mailer built from config (tests use the real SMTP path instead when they can). */
  mailer?: Mailer;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The time throttles go by; tests move it forward instead of sleeping. */
  clock?: Clock;
  /** The report files' worker threads and bounds (tests narrow the bounds or wrap the worker). */
  files?: Partial<FileWorkerOptions>;
  /**
   * The names as stored (features/institution, loaded by preparePlatform); without it the environment's.
   * Building never queries the database: a platform whose database is down still answers 503s.
   */
  branding?: Branding;
  /** How often the names are re-read from the database (another process may save them); default BRANDING_REFRESH_MS. */
  brandingRefreshMs?: number;
  /** An answer that drifts from its route's response schema fails the request (tests) instead of being logged. */
  strictResponses?: boolean;
  /**
   * On PostgreSQL the mover works in a thread of its own (the default); false keeps it in this one: the
   * API tests' hundreds of apps, most of which never publish, would each start a thread.
   */
  moverInThread?: boolean;
}

/** Builds the whole platform (API + SPA) without listening: main.ts and tests share it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const { app, allowedMethods } = await createServer(options);
  const tokens = new TokenService(db, config.JWT_SECRET);
  const throttle = new Throttle(db, config.JWT_SECRET, options.clock);
  installAuth(app, db, tokens, API_PREFIX);
  const mailer = options.mailer ?? createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db,
    log: app.log,
    logContents: config.SEED_DEMO,
  });
  await registerApiDocs(app, config);
  const work = startBackgroundWork(app, options);
  const branding = freshBranding(app, options);
  const parts = featureDeps(app, options, { tokens, throttle, mailer, branding });
  await app.register(apiRoutes(app.log, options, work, parts), { prefix: API_PREFIX });
  await registerWebAppAndFallbacks(app, config, parts, allowedMethods);
  return app;
}

/** Fastify with what every request goes through: ids, limits, validation, the response contract, headers, errors. */
async function createServer({ config, logger = true, logStream, strictResponses = false }: AppOptions) {
  const app = Fastify({
    // Registering every route takes seconds on a loaded machine; Fastify's default 10 s made a start fail there.
    // This only detects a plugin that never finishes.
    pluginTimeout: 120_000,
    logger: logger ? { level: config.LOG_LEVEL, serializers: logSerializers, ...(logStream ? { stream: logStream } : {}) } : false,
    logController: new OneLinePerRequest(),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: API_BODY_LIMIT_BYTES,
    // A hop count is valid at run time (proxy-addr) though Fastify's types omit it.
    trustProxy: config.TRUST_PROXY as boolean | string,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  // The API speaks JSON only: any other body is a 415.
  app.removeContentTypeParser('text/plain');

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseContractCompiler({ strict: strictResponses, log: app.log }));
  installSecurityHeaders(app, { publicUrl: config.PUBLIC_URL, apiPrefix: API_PREFIX });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandler(app);
  // Before any route, so it sees them all.
  const allowedMethods = trackRoutesForMethodNotAllowed(app);
  return { app, allowedMethods };
}

type App = Awaited<ReturnType<typeof createServer>>['app'];

/** The OpenAPI description and its page. */
async function registerApiDocs(app: App, config: Config): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${config.PLATFORM_NAME} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: openApiTransform,
  });
  // No online validator: the badge would send our API description to a third party (and break the CSP).
  await app.register(fastifySwaggerUi, { routePrefix: `${API_PREFIX}/docs`, validatorUrl: false });
}

interface BackgroundWork {
  heldKey: ReturnType<typeof heldAnswersKey>;
  mover: ReturnType<typeof startResponseMover>;
  fileWorkers: FileWorkers;
  /** Where report reads go: the read replica when there is one, else the primary. */
  reportsDb: ReadDatabase;
  reportsFreshness: () => Promise<ReportsFreshness>;
}

/** What runs beside the requests (the response mover, the file workers, the replica's connection), each ended with the app. */
function startBackgroundWork(app: App, { config, db, files, moverInThread = true }: AppOptions): BackgroundWork {
  // Held responses are published in shuffled batches: after submissions and on a timer (docs/privacy.md).
  const heldKey = heldAnswersKey(config);
  // On PostgreSQL the mover works in a thread of its own (mover-thread.ts); the embedded database keeps it here.
  const moverThread = moverInThread ? startMoverThread(db, heldKey) : null;
  const minBatch = config.ANONYMITY_BATCH;
  const mover = startResponseMover(db, app.log, { minBatch, heldKey, ...(moverThread ? { run: () => moverThread.run({ minBatch }) } : {}) });
  app.addHook('preClose', async () => {
    moverThread?.requestStop();
    await mover.stop();
    await moverThread?.close();
  });
  // PDFs and spreadsheets are laid out in worker threads (docs/reports.md, "Files"), ended with the app.
  const fileWorkers = new FileWorkers(files);
  app.addHook('onClose', async () => {
    await fileWorkers.close();
  });

  // Report reads (features/reports, report files) go to the read replica when there is one (db/reports-replica.ts);
  // everything else, writes and reads that must see them, to the primary.
  const replica = config.REPORTS_DATABASE_URL ? openReportsReplica(config.REPORTS_DATABASE_URL, db, app.log) : undefined;
  if (replica) {
    app.addHook('onClose', async () => {
      await replica.close();
    });
  }
  const reportsDb = replica?.db ?? db;
  const reportsFreshness = replica ? replica.freshness : async () => ({ source: 'primary' as const, asOf: null, current: true });
  return { heldKey, mover, fileWorkers, reportsDb, reportsFreshness };
}

/**
 * One object read when an e-mail, PDF or page is made, so a name changed in the back office shows at once
 * (features/institution); the getters of withNames carry it into the deps of each feature.
 */
function freshBranding(app: App, { config, db, branding: stored, brandingRefreshMs = BRANDING_REFRESH_MS }: AppOptions): Branding {
  const branding: Branding = stored ?? brandingDefaults(config);
  const stopBrandingRefresh = keepBrandingFresh(db, branding, brandingDefaults(config), brandingRefreshMs, app.log);
  app.addHook('onClose', async () => stopBrandingRefresh());
  return branding;
}

interface FeatureDeps {
  mailer: Mailer;
  branding: Branding;
  authDeps: AuthDeps;
  respondentAuthDeps: LoginCodeDeps;
  institutionSignIn: InstitutionSignIn | null;
}

/** The sign-in features' deps, shared by the API routes and the web app's public configuration. */
function featureDeps(
  app: App,
  { config, db }: AppOptions,
  { tokens, throttle, mailer, branding }: { tokens: TokenService; throttle: Throttle; mailer: Mailer; branding: Branding },
): FeatureDeps {
  const authDeps = withNames(
    { db, tokens, mailer, throttle, publicUrl: config.PUBLIC_URL, passwordLoginOff: config.OIDC_ONLY.includes('admins') },
    branding,
  );
  const respondentAuthDeps = withNames(
    {
      db,
      tokens,
      mailer,
      throttle,
      secret: config.JWT_SECRET,
      publicUrl: config.PUBLIC_URL,
      emailDomains: config.RESPONDENT_EMAIL_DOMAINS,
      codeLoginOff: config.OIDC_ONLY.includes('respondents'),
    },
    branding,
  );
  const institutionSignIn = institutionSignInFrom(config, authDeps, respondentAuthDeps, app.log);
  return { mailer, branding, authDeps, respondentAuthDeps, institutionSignIn };
}

/** Every feature's routes, registered below API_PREFIX. */
function apiRoutes(
  log: FastifyBaseLogger,
  { config, db }: AppOptions,
  { heldKey, mover, fileWorkers, reportsDb, reportsFreshness }: BackgroundWork,
  { mailer, branding, authDeps, respondentAuthDeps, institutionSignIn }: FeatureDeps,
) {
  const reportThresholds = { outstandingMin: config.TEACHER_OUTSTANDING_MIN, sufficientMin: config.TEACHER_SUFFICIENT_MIN };
  return async (api: App) => {
    await registerApiCompression(api);
    await api.register(healthRoutes(db));
    await api.register(authRoutes(authDeps));
    await api.register(campusRoutes(db));
    await api.register(institutionRoutes(db, branding, brandingDefaults(config)));
    await api.register(periodRoutes(db));
    await api.register(cycleRoutes(db));
    await api.register(activeRoutes(db));
    await api.register(userRoutes(withNames({ db, mailer, log }, branding)));
    await api.register(permissionGroupRoutes(db));
    await api.register(catalogRoutes(db));
    await api.register(surveyRoutes(db, heldKey, mover.trigger));
    await api.register(suggestionRoutes(db));
    await api.register(directoryRoutes(db, config.RESPONDENT_EMAIL_DOMAINS));
    await api.register(nom035Routes(db));
    await api.register(nom035FileRoutes({ db, settings: { minGroupSize: config.MIN_GROUP_SIZE }, files: fileWorkers, branding }));
    await api.register(auditRoutes(db));
    await api.register(commentReviewRoutes(db, { minGroupSize: config.MIN_GROUP_SIZE }));
    await api.register(commentAlertRoutes(db, { minGroupSize: config.MIN_GROUP_SIZE }));
    await api.register(reportRoutes({ db: reportsDb, minGroupSize: config.MIN_GROUP_SIZE, freshness: reportsFreshness }));
    await api.register(kindReportRoutes(reportsDb, { minGroupSize: config.MIN_GROUP_SIZE, thresholds: reportThresholds }));
    await api.register(
      missingRoutes(
        withNames({ db, mailer, secret: config.JWT_SECRET, publicUrl: config.PUBLIC_URL, log, emailDomains: config.RESPONDENT_EMAIL_DOMAINS, codeLoginOff: config.OIDC_ONLY.includes('respondents') }, branding),
      ),
    );
    // Participation as it happens: the primary, as the missing lists read it.
    await api.register(dashboardRoutes(db));
    await api.register(
      fileRoutes(reportsDb, fileWorkers, { minGroupSize: config.MIN_GROUP_SIZE, thresholds: reportThresholds, maxRows: config.EXPORT_MAX_ROWS, branding }),
    );
    await api.register(respondentAuthRoutes(respondentAuthDeps));
    await api.register(
      teacherResultsRoutes({ db, reportsDb, settings: { minGroupSize: config.MIN_GROUP_SIZE, thresholds: reportThresholds }, files: fileWorkers, branding }),
    );
    await api.register(teacherReflectionRoutes(db));
    await api.register(nom035StaffRoutes({ db, reportsDb, minGroupSize: config.MIN_GROUP_SIZE }));
    if (institutionSignIn) await api.register(institutionSignInRoutes(institutionSignIn, config.PUBLIC_URL));
  };
}

/** The web app (SPA) under BASE_PATH, the root's redirect to it, and the 404 and 405 answers of everything else. */
async function registerWebAppAndFallbacks(
  app: App,
  config: Config,
  { branding, institutionSignIn }: FeatureDeps,
  allowedMethods: (method: string, url: string) => string[],
): Promise<void> {
  const sendWebApp = await registerWebApp(app, {
    distDir: config.WEB_DIST ?? DEFAULT_WEB_DIST,
    basePath: BASE_PATH,
    publicConfig: () => ({
      platformName: branding.platformName,
      institutionName: branding.institutionName,
      ...(config.PRIVACY_NOTICE ? { privacyNotice: config.PRIVACY_NOTICE } : {}),
      ...(institutionSignIn
        ? {
            institutionSignIn: config.OIDC_AUDIENCES.join(','),
            institutionSignInOnly: config.OIDC_ONLY.join(','),
            institutionSignInLabel: config.OIDC_BUTTON_LABEL ?? DEFAULT_INSTITUTION_SIGN_IN_LABEL,
          }
        : {}),
    }),
  });

  app.get('/', { config: { auth: 'public' } }, async (_request, reply) => reply.redirect(`${BASE_PATH}/`));

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    if (url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`)) {
      const allowed = allowedMethods(request.method, url);
      if (allowed.length > 0) {
        reply.header('allow', allowed.join(', '));
        return reply.status(405).send(new AppError('METHOD_NOT_ALLOWED').toBody());
      }
      return reply.status(404).send(new AppError('NOT_FOUND').toBody());
    }
    const isPage = url === BASE_PATH || url.startsWith(`${BASE_PATH}/`) || url.startsWith(`${BASE_PATH}?`);
    // A missing file (an old chunk after a deploy) is a real 404, so the SPA's preload-error reload can act.
    const pathname = url.split('?')[0] ?? url;
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(pathname.slice(pathname.lastIndexOf('/') + 1));
    if (isPage && !looksLikeFile && sendWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      // History fallback: the SPA shell, which shows the page or its own 404 page; the status says which.
      if (!isSpaPage(pathname.slice(BASE_PATH.length))) reply.status(404);
      return sendWebApp(request, reply);
    }
    return reply.status(404).send(new AppError('NOT_FOUND').toBody());
  });

}

/** Sign-in with the institution's account, when OIDC_ISSUER is set (docs/sign-in.md). */
function institutionSignInFrom(
  config: Config,
  admins: AuthDeps,
  respondents: LoginCodeDeps,
  log: FastifyBaseLogger,
): InstitutionSignIn | null {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID || !config.OIDC_CLIENT_SECRET) return null;
  return new InstitutionSignIn({
    admins,
    respondents,
    secret: config.JWT_SECRET,
    log,
    settings: {
      issuer: config.OIDC_ISSUER,
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      audiences: config.OIDC_AUDIENCES,
      emailDomains: config.OIDC_EMAIL_DOMAINS,
      requireVerifiedEmail: config.OIDC_REQUIRE_VERIFIED_EMAIL,
    },
  });
}
