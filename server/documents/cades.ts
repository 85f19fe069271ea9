/**
 * The CMS SignedData of a PAdES baseline signature (ETSI EN 319 142-1, B-B level; SubFilter
 * ETSI.CAdES.detached), built with node-forge's ASN.1: forge's own pkcs7 writer knows only the
 * contentType, messageDigest and signingTime attributes, and PAdES needs the
 * signing-certificate-v2 attribute (RFC 5035) that binds the signature to the signer's
 * certificate. The signed attributes are contentType (id-data), messageDigest (SHA-256 of the
 * signed byte ranges) and signing-certificate-v2 (SHA-256 of the certificate with its issuer and
 * serial); PAdES forbids the CMS signing-time attribute (the time is the signature dictionary's
 * /M entry, written by the placeholder). The content is detached: the PDF's byte ranges.
 */
import { createPrivateKey, type KeyObject, sign } from 'node:crypto';
import forge from 'node-forge';
import { Signer } from '@signpdf/utils';

const { asn1, pki } = forge;
const oids = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
} as const;

type Asn1 = forge.asn1.Asn1;
const U = asn1.Class.UNIVERSAL;
const seq = (items: Asn1[]) => asn1.create(U, asn1.Type.SEQUENCE, true, items);
const oid = (value: string) => asn1.create(U, asn1.Type.OID, false, asn1.oidToDer(value).getBytes());
const octets = (bytes: string) => asn1.create(U, asn1.Type.OCTETSTRING, false, bytes);
const int = (bytes: string) => asn1.create(U, asn1.Type.INTEGER, false, bytes);
const der = (value: Asn1) => asn1.toDer(value).getBytes();

/** A DER SET OF: its elements sorted by their encodings (X.690 11.6). */
function setOf(items: Asn1[], tagClass = U, tag: number = asn1.Type.SET): Asn1 {
  const sorted = items.map((item) => ({ item, bytes: der(item) })).sort((a, b) => (a.bytes < b.bytes ? -1 : a.bytes > b.bytes ? 1 : 0));
  return asn1.create(tagClass, tag, true, sorted.map((s) => s.item));
}

const algorithm = (id: string, withNull: boolean) => seq(withNull ? [oid(id), asn1.create(U, asn1.Type.NULL, false, '')] : [oid(id)]);
const attribute = (type: string, value: Asn1) => seq([oid(type), setOf([value])]);
const sha256 = (bytes: string) => forge.md.sha256.create().update(bytes).digest().getBytes();

export interface SigningIdentity {
  privateKey: forge.pki.rsa.PrivateKey;
  /** The same key as node's (OpenSSL's RSA): what signs. forge's own RSA, in JavaScript, took 60 ms a signature. */
  signingKey: KeyObject;
  certificate: forge.pki.Certificate;
  /** The certificates between the signer's and a root, sent along so a reader can build the chain. */
  chain: forge.pki.Certificate[];
}

/** The DER SignedData (in its ContentInfo) over `content`, the PDF's signed byte ranges. */
export function cadesDetached(content: Buffer, { signingKey, certificate, chain }: SigningIdentity): Buffer {
  const certificateDer = der(pki.certificateToAsn1(certificate));
  const certAsn1 = asn1.fromDer(certificateDer);
  // TBSCertificate: [0] version, serialNumber, signature, issuer, ...
  const tbs = (certAsn1.value as Asn1[])[0]!.value as Asn1[];
  const hasVersion = tbs[0]!.tagClass === asn1.Class.CONTEXT_SPECIFIC;
  const serial = tbs[hasVersion ? 1 : 0]!;
  const issuer = tbs[hasVersion ? 3 : 2]!;
  const issuerAndSerial = seq([issuer, serial]);
  // ESSCertIDv2 with the default hash (SHA-256) left out, and IssuerSerial naming the issuer as a directoryName ([4]).
  const essCertId = seq([
    octets(sha256(certificateDer)),
    seq([seq([asn1.create(asn1.Class.CONTEXT_SPECIFIC, 4, true, [issuer])]), serial]),
  ]);
  const attributes = [
    attribute(oids.contentType, oid(oids.data)),
    attribute(oids.messageDigest, octets(sha256(content.toString('binary')))),
    attribute(oids.signingCertificateV2, seq([seq([essCertId])])),
  ];
  // The signature covers the attributes encoded as a SET OF (RFC 5652 5.4); they travel as [0] IMPLICIT.
  const signedAttrs = setOf(attributes);
  // RSASSA-PKCS1-v1_5 with SHA-256 (deterministic: the bytes forge's privateKey.sign(md) gave).
  const signature = sign('sha256', Buffer.from(der(signedAttrs), 'binary'), signingKey).toString('binary');
  const signerInfo = seq([
    int(String.fromCharCode(1)),
    issuerAndSerial,
    algorithm(oids.sha256, false),
    setOf(attributes, asn1.Class.CONTEXT_SPECIFIC, 0),
    algorithm(oids.rsaEncryption, true),
    octets(signature),
  ]);
  const certificates = [certificate, ...chain].map((c) => asn1.fromDer(der(pki.certificateToAsn1(c))));
  const signedData = seq([
    int(String.fromCharCode(1)),
    setOf([algorithm(oids.sha256, false)]),
    seq([oid(oids.data)]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, certificates),
    setOf([signerInfo]),
  ]);
  const contentInfo = seq([oid(oids.signedData), asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [signedData])]);
  return Buffer.from(der(contentInfo), 'binary');
}

/** node's KeyObject of a forge RSA private key, made once per identity (signing.ts). */
export function nodeKeyOf(privateKey: forge.pki.rsa.PrivateKey): KeyObject {
  return createPrivateKey(forge.pki.privateKeyToPem(privateKey));
}

/** The @signpdf signer that writes the CAdES detached SignedData above. */
export class CadesSigner extends Signer {
  constructor(private readonly identity: SigningIdentity) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return cadesDetached(pdfBuffer, this.identity);
  }
}
