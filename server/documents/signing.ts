/**
 * The clinic's prescription signing key and certificate (docs/records.md, "Signature"):
 *
 * - PRESCRIPTION_SIGNING_P12 (with PRESCRIPTION_SIGNING_PASSPHRASE): the clinic's own PKCS#12
 *   file, read at start; a file that cannot be read or opened, or holds no key with its
 *   certificate, stops the start with the setting's name (never the passphrase).
 * - otherwise a self-signed key and certificate made at first start in
 *   DATA_DIR/prescription-signing.pem and reused after. Made atomically: written whole to a temp
 *   file, then linked to its name only if no file is there yet (link never overwrites), then the
 *   name read back; so two instances starting together on one DATA_DIR sign with the one that won.
 *
 * Every prescription PDF is signed (signPdf): PAdES baseline, SubFilter ETSI.CAdES.detached,
 * the CMS built by cades.ts, over the whole file but the signature itself.
 */
import { constants, createPrivateKey, generateKeyPairSync, type KeyObject, privateEncrypt, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';
import { CadesSigner, nodeKeyOf, type SigningIdentity } from './cades.js';

export type { SigningIdentity } from './cades.js';

export type SigningSource =
  | { kind: 'p12'; file: string; passphrase: string }
  | { kind: 'selfSigned'; dataDir: string }
  /** Where no configuration names one (services made by tests): a self-signed key in this process's memory. */
  | { kind: 'ephemeral' };

export const selfSignedFileName = 'prescription-signing.pem';

export class SigningKeyError extends Error {}

/** The key and certificate (and any chain) of a PKCS#12 file; throws SigningKeyError naming the setting. */
export function identityFromP12(der: Buffer, passphrase: string): SigningIdentity {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(der.toString('binary')), passphrase);
  } catch {
    throw new SigningKeyError(
      'PRESCRIPTION_SIGNING_P12 could not be opened with PRESCRIPTION_SIGNING_PASSPHRASE: the passphrase is wrong or the file is not a PKCS#12 (.p12) file',
    );
  }
  const bags = (type: string): forge.pkcs12.Bag[] => p12.getBags({ bagType: type })[type] ?? [];
  const oidOf = (name: string) => forge.pki.oids[name] as string;
  const keyBags = [...bags(oidOf('pkcs8ShroudedKeyBag')), ...bags(oidOf('keyBag'))];
  const certificates = bags(oidOf('certBag')).flatMap((b) => (b.cert ? [b.cert] : []));
  const privateKey = keyBags.find((b) => b.key)?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!privateKey || !('n' in privateKey)) throw new SigningKeyError('PRESCRIPTION_SIGNING_P12 holds no RSA private key');
  const certificate = certificates.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(privateKey.n));
  if (!certificate) throw new SigningKeyError("PRESCRIPTION_SIGNING_P12 holds no certificate of its private key");
  return { privateKey, signingKey: nodeKeyOf(privateKey), certificate, chain: certificates.filter((c) => c !== certificate) };
}

function identityFromPem(pem: string): SigningIdentity {
  const key = pem.match(/-----BEGIN (?:RSA )?PRIVATE KEY-----[\s\S]+?-----END (?:RSA )?PRIVATE KEY-----/)?.[0];
  const cert = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/)?.[0];
  if (!key || !cert) throw new SigningKeyError(`${selfSignedFileName} holds no key and certificate: remove it to have a new one made`);
  return {
    privateKey: forge.pki.privateKeyFromPem(key) as forge.pki.rsa.PrivateKey,
    signingKey: createPrivateKey(key),
    certificate: forge.pki.certificateFromPem(cert),
    chain: [],
  };
}

/**
 * A stand-in for a forge private key in forge's certificate signing: RSASSA-PKCS1-v1_5 over the
 * digest forge computed (its DigestInfo, padded and raised by OpenSSL rather than forge's
 * JavaScript RSA, which took 60 ms).
 */
function nodeSigner(key: KeyObject): forge.pki.rsa.PrivateKey {
  const sign = (md: forge.md.MessageDigest) => {
    const { asn1 } = forge;
    const U = asn1.Class.UNIVERSAL;
    const digestInfo = asn1.create(U, asn1.Type.SEQUENCE, true, [
      asn1.create(U, asn1.Type.SEQUENCE, true, [
        asn1.create(U, asn1.Type.OID, false, asn1.oidToDer(forge.pki.oids[md.algorithm] as string).getBytes()),
        asn1.create(U, asn1.Type.NULL, false, ''),
      ]),
      asn1.create(U, asn1.Type.OCTETSTRING, false, md.digest().getBytes()),
    ]);
    const bytes = Buffer.from(asn1.toDer(digestInfo).getBytes(), 'binary');
    return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, bytes).toString('binary');
  };
  return { sign } as unknown as forge.pki.rsa.PrivateKey;
}

/** A new RSA 2048 key (node's, fast) and a self-signed certificate for it, as one PEM text. */
export function selfSignedPem(commonName: string, at = new Date()): string {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const key = forge.pki.privateKeyFromPem(keyPem) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial of 16 random bytes.
  cert.serialNumber = '01' + randomBytes(15).toString('hex');
  cert.validity.notBefore = new Date(at.getTime() - 24 * 3600_000);
  cert.validity.notAfter = new Date(at.getTime() + 10 * 365 * 24 * 3600_000);
  const name = [{ name: 'commonName', value: commonName }, { name: 'countryName', value: 'IN' }];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(nodeSigner(privateKey), forge.md.sha256.create());
  return `${keyPem.trim()}\n${forge.pki.certificateToPem(cert).trim()}\n`;
}

/** DATA_DIR/prescription-signing.pem, made once whoever comes first (see above). */
async function selfSigned(dataDir: string, commonName: string): Promise<SigningIdentity> {
  const file = path.join(dataDir, selfSignedFileName);
  const existing = await fs.readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => (e.code === 'ENOENT' ? null : Promise.reject(e)));
  if (existing !== null) return identityFromPem(existing);
  // DATA_DIR may not be there yet on a PostgreSQL install (PGlite's own files make it otherwise).
  await fs.mkdir(dataDir, { recursive: true, mode: 0o700 });
  const temp = path.join(dataDir, `.${selfSignedFileName}.${process.pid}.${randomBytes(6).toString('hex')}`);
  await fs.writeFile(temp, selfSignedPem(commonName), { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(temp, file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    await fs.unlink(temp).catch(() => undefined);
  }
  return identityFromPem(await fs.readFile(file, 'utf8'));
}

/** The identity the configuration names; throws SigningKeyError (naming the setting) when it cannot be used. */
export async function loadSigningIdentity(source: SigningSource, commonName: string): Promise<SigningIdentity> {
  if (source.kind === 'selfSigned') return selfSigned(source.dataDir, commonName);
  if (source.kind === 'ephemeral') return identityFromPem(selfSignedPem(commonName));
  let der: Buffer;
  try {
    der = await fs.readFile(source.file);
  } catch (e) {
    throw new SigningKeyError(`PRESCRIPTION_SIGNING_P12 (${source.file}) cannot be read: ${(e as NodeJS.ErrnoException).code ?? 'error'}`);
  }
  return identityFromP12(der, source.passphrase);
}

const loaded = new Map<string, Promise<SigningIdentity>>();

/** The identity of `source`, loaded once per process (a failed load is tried again next time). */
export function signingIdentity(source: SigningSource, commonName: string): Promise<SigningIdentity> {
  const key = source.kind === 'p12' ? `p12:${source.file}` : source.kind === 'selfSigned' ? `self:${source.dataDir}` : 'ephemeral';
  let identity = loaded.get(key);
  if (!identity) {
    identity = loadSigningIdentity(source, commonName);
    identity.catch(() => loaded.delete(key));
    loaded.set(key, identity);
  }
  return identity;
}

export interface SignatureDetails {
  /** The signer as the signature dictionary names it (the clinic). */
  name: string;
  reason: string;
  location: string;
  contactInfo: string;
}

/** `pdf` signed as a PAdES baseline signature over every byte but the signature's own. */
export async function signPdf(pdf: Buffer, identity: SigningIdentity, details: SignatureDetails, at: Date): Promise<Buffer> {
  const [{ plainAddPlaceholder }, { SignPdf }, { SUBFILTER_ETSI_CADES_DETACHED }] = await Promise.all([
    import('@signpdf/placeholder-plain'),
    import('@signpdf/signpdf'),
    import('@signpdf/utils'),
  ]);
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    ...details,
    signingTime: at,
    // The SignedData with a 2048- or 4096-bit key and a chain of a few certificates fits in 16 kB.
    signatureLength: 16_384,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  return new SignPdf().sign(withPlaceholder, new CadesSigner(identity));
}
