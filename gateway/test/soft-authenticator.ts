import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

interface Credential {
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
}

/**
 * A passkey authenticator in software, for tests over HTTP: it answers the gateway's own WebAuthn options as a
 * platform authenticator would (a discoverable ES256 credential, user present and verified, attestation "none"),
 * signing with real keys, so @simplewebauthn/server checks every byte as it does a browser's. The e2e tests use
 * Chromium's virtual authenticator instead.
 */
export function softAuthenticator(origin: string) {
  const rpIdHash = sha256(new URL(origin).hostname);
  const credentials = new Map<string, Credential>();
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

  return {
    credentials,

    /** A registration response to `options` (the gateway's answer to /api/account/passkeys/options). */
    register(options: Record<string, unknown>) {
      const id = randomBytes(16);
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const jwk = publicKey.export({ format: 'jwk' });
      const cose = new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([0x45]), // user present, user verified, attested credential data
        Buffer.alloc(4), // sign count 0
        Buffer.alloc(16), // AAGUID
        idLength,
        id,
        Buffer.from(isoCBOR.encode(cose)),
      ]);
      const attestation = new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]);
      const user = options.user as { id: string };
      credentials.set(b64url(id), { privateKey, counter: 0, userHandle: user.id });
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge as string)),
          attestationObject: b64url(isoCBOR.encode(attestation as Parameters<typeof isoCBOR.encode>[0])),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** An assertion answering `options` with the credential `id` (by default the first it holds). */
    assert(options: Record<string, unknown>, id: string = [...credentials.keys()][0]!) {
      const credential = credentials.get(id);
      if (!credential) throw new Error(`no credential ${id}`);
      credential.counter += 1;
      const count = Buffer.alloc(4);
      count.writeUInt32BE(credential.counter);
      const authData = Buffer.concat([rpIdHash, Buffer.from([0x05]), count]);
      const data = clientData('webauthn.get', options.challenge as string);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
      return {
        id,
        rawId: id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}

export type SoftAuthenticator = ReturnType<typeof softAuthenticator>;
