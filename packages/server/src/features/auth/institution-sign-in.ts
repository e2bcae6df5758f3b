/**
 * Sign-in with the institution's identity provider (OpenID Connect, docs/sign-in.md):
 * the authorization code flow with PKCE, state and nonce, by openid-client.
 * The round trip's secrets travel in a signed, 10-minute, HttpOnly cookie, and
 * each state is spent once (a throttle row), so a replayed callback fails.
 * The account is matched by e-mail to an enabled back-office user or to the
 * directory; nobody is created. Success opens the same session as a password
 * or a code (openAdminSession, openRespondentSession); failures go back to the
 * login page with a code (?acceso=…) and leave an audit entry.
 */
import { createSecretKey, type KeyObject } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { jwtVerify, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import { z } from 'zod';
import {
  INSTITUTION_SIGN_IN_CALLBACK_PATH,
  INSTITUTION_SIGN_IN_ERROR_PARAM,
  INSTITUTION_SIGN_IN_START_PATH,
  SIGN_IN_AUDIENCES,
  type InstitutionSignInError,
  type SignInAudience,
} from '@encuestas/core/api/institution-sign-in';
import { answers } from '@encuestas/core/api/common';
import { API_PREFIX, BASE_PATH } from '@encuestas/core/paths';
import { RETURN_PATH_MAX_LENGTH, respondentReturnPath } from '@encuestas/core/return-path';
import { fixedWindow } from '../../http/throttle';
import { audit } from '../audit/service';
import { emailDomainAllowed } from '../directory';
import { findRespondent, openRespondentSession, type LoginCodeDeps } from '../respondents';
import { findAdminByEmail } from '../users/service';
import { openAdminSession, type AuthDeps } from './service';

/** How long the person may take at the provider. */
export const ROUND_TRIP_MINUTES = 10;
const ROUND_TRIP_MS = ROUND_TRIP_MINUTES * 60 * 1000;
/** Each state is accepted once. */
const SPENT_STATES = fixedWindow('institution-sign-in-state', 1, ROUND_TRIP_MS);
const COOKIE = 'encuestas_institution_sign_in';
const COOKIE_PATH = `${API_PREFIX}${INSTITUTION_SIGN_IN_CALLBACK_PATH}`;

export interface InstitutionSignInSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  audiences: readonly SignInAudience[];
  emailDomains?: readonly string[] | undefined;
  requireVerifiedEmail: boolean;
}

export interface InstitutionSignInDeps {
  admins: AuthDeps;
  respondents: LoginCodeDeps;
  settings: InstitutionSignInSettings;
  /** Signs the round trip's cookie. */
  secret: string;
  log: FastifyBaseLogger;
}

/** What the cookie keeps between the start and the callback. */
const roundTripSchema = z.object({
  audience: z.enum(SIGN_IN_AUDIENCES),
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  keepSession: z.boolean(),
  next: z.string().optional(),
});
type RoundTrip = z.infer<typeof roundTripSchema>;

const LOGIN_PAGES: Record<SignInAudience, string> = { admins: '/admin-login', respondents: '/login' };

const startQuerySchema = z.object({
  audience: z.enum(SIGN_IN_AUDIENCES),
  keepSession: z.enum(['true', 'false']).default('false').catch('false').transform((value) => value === 'true'),
  next: z.string().max(RETURN_PATH_MAX_LENGTH).optional().catch(undefined),
});

/** Why a sign-in failed, sent to the login page; `reason` (audit) may say more than the page does. */
class SignInRefused extends Error {
  constructor(
    readonly code: InstitutionSignInError,
    readonly reason: string = code,
  ) {
    super(reason);
  }
}

export class InstitutionSignIn {
  private readonly key: KeyObject;
  private discovered: Promise<oidc.Configuration> | null = null;
  private readonly redirectUri: string;

  constructor(private readonly deps: InstitutionSignInDeps) {
    // Its own key, derived from the secret, so a round-trip cookie can never pass for a session token.
    this.key = createSecretKey(Buffer.from(`institution-sign-in:${deps.secret}`, 'utf8'));
    this.redirectUri = `${deps.admins.publicUrl}${API_PREFIX}${INSTITUTION_SIGN_IN_CALLBACK_PATH}`;
  }

  /** The provider's metadata, fetched once; a failed fetch is tried again by the next sign-in. */
  private configuration(): Promise<oidc.Configuration> {
    const { issuer, clientId, clientSecret } = this.deps.settings;
    this.discovered ??= oidc
      .discovery(new URL(issuer), clientId, clientSecret, undefined, {
        // config.ts admits http only for a provider on this machine (the tests').
        execute: new URL(issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        this.discovered = null;
        throw error;
      });
    return this.discovered;
  }

  private now(): Date {
    return this.deps.admins.throttle.now();
  }

  /** Where the start sends the browser, and the cookie that keeps the round trip's secrets. */
  async start(audience: SignInAudience, keepSession: boolean, next: string | undefined): Promise<{ location: string; cookie?: string }> {
    if (!this.deps.settings.audiences.includes(audience)) return { location: this.loginPage(audience, 'not-offered') };
    let configuration: oidc.Configuration;
    try {
      configuration = await this.configuration();
    } catch (err) {
      this.deps.log.error({ err }, 'identity provider discovery failed');
      return { location: this.loginPage(audience, 'provider') };
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const roundTrip: RoundTrip = {
      audience,
      // The audience leads the state, so even a callback without its cookie returns to the right login page.
      state: `${audience}.${oidc.randomState()}`,
      nonce: oidc.randomNonce(),
      verifier,
      keepSession,
      ...(audience === 'respondents' && next ? { next } : {}),
    };
    const location = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: roundTrip.state,
      nonce: roundTrip.nonce,
    });
    const now = this.now();
    const sealed = await new SignJWT(roundTrip)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now)
      .setExpirationTime(new Date(now.getTime() + ROUND_TRIP_MS))
      .sign(this.key);
    return { location: location.href, cookie: this.cookie(sealed, ROUND_TRIP_MINUTES * 60) };
  }

  /** Completes the round trip: the browser's next address (the web app), and the cookie cleared. */
  async callback(currentUrl: URL, cookieValue: string | undefined, address: string): Promise<{ location: string; cookie: string }> {
    const stateAudience = currentUrl.searchParams.get('state')?.split('.')[0];
    const fallbackAudience: SignInAudience = stateAudience === 'admins' ? 'admins' : 'respondents';
    const clear = this.cookie('', 0);
    let roundTrip: RoundTrip | null = null;
    try {
      roundTrip = await this.openCookie(cookieValue);
      const location = await this.complete(currentUrl, roundTrip, address);
      return { location, cookie: clear };
    } catch (error) {
      if (!(error instanceof SignInRefused)) throw error;
      return { location: this.loginPage(roundTrip?.audience ?? fallbackAudience, error.code), cookie: clear };
    }
  }

  private async openCookie(value: string | undefined): Promise<RoundTrip> {
    if (!value) throw new SignInRefused('expired', 'no-round-trip-cookie');
    try {
      const { payload } = await jwtVerify(value, this.key, { algorithms: ['HS256'], currentDate: this.now() });
      return roundTripSchema.parse(payload);
    } catch {
      throw new SignInRefused('expired', 'expired-round-trip');
    }
  }

  private async complete(currentUrl: URL, roundTrip: RoundTrip, address: string): Promise<string> {
    const { audience } = roundTrip;
    const providerError = currentUrl.searchParams.get('error');
    if (providerError) throw new SignInRefused(providerError === 'access_denied' ? 'cancelled' : 'provider', `provider-${providerError}`);
    if (currentUrl.searchParams.get('state') !== roundTrip.state) throw new SignInRefused('expired', 'state-mismatch');
    const spent = await this.deps.admins.throttle.take(SPENT_STATES, roundTrip.state);
    if (spent.refused) throw new SignInRefused('expired', 'state-replayed');

    let claims: oidc.IDToken | undefined;
    try {
      const tokens = await oidc.authorizationCodeGrant(await this.configuration(), currentUrl, {
        pkceCodeVerifier: roundTrip.verifier,
        expectedState: roundTrip.state,
        expectedNonce: roundTrip.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
    } catch (error) {
      // The cause only: openid-client's errors may carry the ID token's claims (an e-mail).
      const { message, code } = error as { message?: string; code?: string };
      this.deps.log.warn({ cause: message, code }, 'identity provider sign-in refused');
      throw new SignInRefused('provider', 'code-exchange-failed');
    }
    const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
    const failed = (reason: InstitutionSignInError, found?: number) => this.refuse(audience, reason, email, address, found);
    if (!email) return failed('unverified-email');
    if (this.deps.settings.requireVerifiedEmail && claims?.email_verified !== true) return failed('unverified-email');
    if (!emailDomainAllowed(email, this.deps.settings.emailDomains)) return failed('outside-domains');

    if (audience === 'admins') {
      const user = await findAdminByEmail(this.deps.admins.db, email);
      if (!user) return failed('unknown-account');
      if (!user.avalible) return failed('disabled', user.id);
      const { token } = await openAdminSession(this.deps.admins, user, { address, method: 'institution' });
      return this.webPage(LOGIN_PAGES.admins, { sesion: token });
    }
    const respondent = await findRespondent(this.deps.respondents.db, email);
    if (!respondent) return failed('unknown-account');
    const session = await openRespondentSession(this.deps.respondents, respondent, this.now(), roundTrip.keepSession);
    return this.webPage(LOGIN_PAGES.respondents, {
      sesion: session.token,
      ...(session.keepSession ? { conservar: session.sessionExpiresAt } : {}),
      ...(roundTrip.next ? { next: roundTrip.next } : {}),
    });
  }

  /** Records a refused account (respondents without their address, as for codes) and ends the sign-in. */
  private async refuse(audience: SignInAudience, reason: InstitutionSignInError, email: string, address: string, userId?: number): Promise<never> {
    await audit(this.deps.admins.db, {
      actorUserId: userId ?? null,
      action: 'institution-sign-in-failed',
      entity: audience === 'admins' ? 'user' : 'respondent',
      entityId: userId,
      details: { audience, email, reason, ...(audience === 'admins' ? { address } : {}) },
    });
    throw new SignInRefused(reason);
  }

  /**
   * The session token travels in the fragment, which browsers never send to a
   * server (nor its logs); the page takes it out of the address bar at once.
   */
  private webPage(page: string, fragment: Record<string, string>): string {
    return `${this.deps.admins.publicUrl}${BASE_PATH}${page}#${new URLSearchParams(fragment)}`;
  }

  private loginPage(audience: SignInAudience, error: InstitutionSignInError): string {
    return `${this.deps.admins.publicUrl}${BASE_PATH}${LOGIN_PAGES[audience]}?${new URLSearchParams({ [INSTITUTION_SIGN_IN_ERROR_PARAM]: error })}`;
  }

  /**
   * Lax, so the provider's redirect (a top-level navigation from another
   * site) carries it back; HttpOnly and only on the callback's path.
   */
  private cookie(value: string, maxAgeSeconds: number): string {
    const secure = this.deps.admins.publicUrl.startsWith('https:') ? '; Secure' : '';
    return `${COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
  }
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Both routes answer with a redirect and no body: to the provider, or back to a login page or the app. */
const redirectAnswer = z
  .undefined()
  .meta({ description: 'Redirección (Location) al proveedor, o de vuelta a la plataforma', headers: { location: { type: 'string' } } });

export function institutionSignInRoutes(signIn: InstitutionSignIn, publicUrl: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      INSTITUTION_SIGN_IN_START_PATH,
      { config: { auth: 'public' }, schema: { tags: ['auth'], querystring: startQuerySchema, response: answers({ 302: redirectAnswer }) } },
      async (request, reply) => {
        const { audience, keepSession, next } = request.query;
        const { location, cookie } = await signIn.start(audience, keepSession, respondentReturnPath(next) ?? undefined);
        if (cookie) reply.header('set-cookie', cookie);
        return reply.header('cache-control', 'no-store').redirect(location);
      },
    );

    app.get(INSTITUTION_SIGN_IN_CALLBACK_PATH, { config: { auth: 'public' }, schema: { tags: ['auth'], response: answers({ 302: redirectAnswer }) } }, async (request, reply) => {
      // The address the provider redirected to, as registered (PUBLIC_URL), whatever proxy stands between.
      const currentUrl = new URL(request.url.replace(/^[^?]*/, `${publicUrl}${API_PREFIX}${INSTITUTION_SIGN_IN_CALLBACK_PATH}`));
      const { location, cookie } = await signIn.callback(currentUrl, readCookie(request.headers.cookie, COOKIE), request.ip);
      return reply.header('set-cookie', cookie).header('cache-control', 'no-store').redirect(location);
    });
  };
}
