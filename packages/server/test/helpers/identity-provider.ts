/**
 * A real OpenID Connect provider (oidc-provider) on a local port, standing in
 * for the institution's Entra ID or Google Workspace. Its sign-in screen is
 * replaced by `signInAs`: the next round trip logs in that account and grants
 * the scopes, as a person who typed their password would. With `pages`, a
 * browser goes through oidc-provider's own login and consent pages instead:
 * whatever e-mail is typed as the login signs in, vouched for (any password).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface ProviderAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface TestIdentityProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next round trip signs in as. */
  signInAs(account: ProviderAccount): void;
  /**
   * Follows the browser from the provider's authorization URL to the redirect
   * back to the platform (the provider's own cookies kept, as a browser would);
   * returns that redirect's URL.
   */
  authorize(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

export async function startIdentityProvider(redirectUri: string, options: { pages?: boolean } = {}): Promise<TestIdentityProvider> {
  const clientId = 'encuestas';
  const clientSecret = 'a-client-secret-for-tests-only-0123456789';
  let next: ProviderAccount = {};
  const accounts = new Map<string, ProviderAccount>();
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [redirectUri], response_types: ['code'], grant_types: ['authorization_code'] }],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, accountId) => {
      const account = accounts.get(accountId) ?? (options.pages ? { email: accountId, email_verified: true } : undefined);
      return account ? { accountId, claims: () => ({ sub: accountId, ...account }) } : undefined;
    },
    // The claims go into the ID token itself, as Entra ID and Google put e-mail there.
    conformIdTokenClaims: false,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    features: { devInteractions: { enabled: options.pages === true } },
    cookies: { keys: ['identity-provider-test-cookie-key'] },
  });
  server.on('request', (req, res) => {
    if (!options.pages && req.url?.startsWith('/interaction/')) {
      void (async () => {
        const details = await provider.interactionDetails(req, res);
        const accountId = `account-${accounts.size + 1}`;
        accounts.set(accountId, next);
        const grant = new provider.Grant({ accountId, clientId });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
      })().catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    void provider.callback()(req, res);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs(account) {
      next = account;
    },
    async authorize(authorizationUrl) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        if (url.href.startsWith(redirectUri)) return url;
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`the provider answered ${response.status} at ${url.href}: ${await response.text()}`);
        url = new URL(location, url);
      }
      throw new Error('the provider never redirected back');
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
