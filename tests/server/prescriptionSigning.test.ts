/**
 * Every prescription PDF is signed (server/documents/signing.ts, cades.ts): a PAdES baseline
 * signature (ETSI.CAdES.detached, with signing-certificate-v2) over the whole file but the
 * signature, which poppler's pdfsig reports valid; one byte changed inside the signed range
 * makes it invalid. The key comes from the clinic's .p12, or is made once per DATA_DIR.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { afterAll, describe, expect, it } from 'vitest';
import { cadesDetached } from '../../server/documents/cades.js';
import { newDocument, paragraph, toBuffer } from '../../server/documents/pdf.js';
import { identityFromP12, loadSigningIdentity, selfSignedFileName, selfSignedPem, SigningKeyError, signPdf } from '../../server/documents/signing.js';
import { useAppointmentsApp } from './appointmentsSupport.js';
import { completedConsultation } from './recordsSupport.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'rx-signing-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** pdfsig's report of a PDF (it exits non-zero for an invalid signature: the report is what counts). */
function pdfsig(pdf: Buffer): string {
  const file = path.join(tempDir(), 'doc.pdf');
  writeFileSync(file, pdf);
  try {
    return execFileSync('pdfsig', [file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? '') + String((error as { stderr?: string }).stderr ?? '');
  }
}

/** The signed ranges of the PDF's one signature: [0, a) and [b, end). */
function byteRange(pdf: Buffer): [number, number, number, number] {
  const m = /\/ByteRange \[(\d+) (\d+) (\d+) (\d+)\s*\]/.exec(pdf.toString('latin1'));
  expect(m).not.toBeNull();
  return [Number(m![1]), Number(m![2]), Number(m![3]), Number(m![4])];
}

function tampered(pdf: Buffer, at: number): Buffer {
  const copy = Buffer.from(pdf);
  copy[at] = copy[at]! ^ 0x01;
  return copy;
}

async function aPdf(text: string): Promise<Buffer> {
  const doc = await newDocument({ title: 'Test', author: 'Sahaj Homeopathy Clinic' });
  paragraph(doc, text);
  return toBuffer(doc);
}

/** A .p12 with a key and a certificate issued by a small test CA (the chain travels in the file). */
function testP12(passphrase: string): Buffer {
  const ca = forge.pki.rsa.generateKeyPair({ bits: 1024, e: 0x10001 });
  const leaf = forge.pki.privateKeyFromPem(selfSignedPem('unused').split('-----BEGIN CERTIFICATE-----')[0]!) as forge.pki.rsa.PrivateKey;
  const caCert = forge.pki.createCertificate();
  caCert.publicKey = ca.publicKey;
  caCert.serialNumber = '01';
  caCert.validity.notBefore = new Date(Date.now() - 86_400_000);
  caCert.validity.notAfter = new Date(Date.now() + 86_400_000 * 365);
  caCert.setSubject([{ name: 'commonName', value: 'Test Clinic CA' }]);
  caCert.setIssuer([{ name: 'commonName', value: 'Test Clinic CA' }]);
  caCert.setExtensions([{ name: 'basicConstraints', cA: true }]);
  caCert.sign(ca.privateKey, forge.md.sha256.create());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(leaf.n, leaf.e);
  cert.serialNumber = '02';
  cert.validity.notBefore = caCert.validity.notBefore;
  cert.validity.notAfter = caCert.validity.notAfter;
  cert.setSubject([{ name: 'commonName', value: 'Sahaj Homeopathy Clinic' }]);
  cert.setIssuer(caCert.subject.attributes);
  cert.sign(ca.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(leaf, [cert, caCert], passphrase, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

const details = { name: 'Sahaj Homeopathy Clinic', reason: 'Prescription', location: 'Pune', contactInfo: 'http://localhost:3000' };

describe('the PAdES signature', () => {
  it('pdfsig: ETSI.CAdES.detached, SHA-256, the whole document signed, the signature valid; a byte changed inside either signed range: invalid', async () => {
    const identity = await loadSigningIdentity({ kind: 'selfSigned', dataDir: tempDir() }, 'Sahaj Homeopathy Clinic');
    const signed = await signPdf(await aPdf('Bryonia alba 30C, 4 pills three times a day'), identity, details, new Date());
    const report = pdfsig(signed);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: Sahaj Homeopathy Clinic');

    const [, firstEnd, secondStart, secondLength] = byteRange(signed);
    for (const at of [Math.floor(firstEnd / 2), secondStart + Math.floor(secondLength / 2)]) {
      const broken = pdfsig(tampered(signed, at));
      expect(broken).toMatch(/Signature Validation: /);
      expect(broken).not.toContain('Signature is Valid.');
    }
  });

  it('the CMS carries the signing-certificate-v2 attribute with the certificate\'s SHA-256, and no signing-time', async () => {
    const identity = await loadSigningIdentity({ kind: 'ephemeral' }, 'Sahaj Homeopathy Clinic');
    const cms = cadesDetached(Buffer.from('the signed ranges'), identity);
    const hex = cms.toString('hex');
    // 1.2.840.113549.1.9.16.2.47 (id-aa-signingCertificateV2) and 1.2.840.113549.1.9.5 (signing-time) as DER OIDs.
    expect(hex).toContain('060b2a864886f70d010910022f');
    expect(hex).not.toContain('06092a864886f70d010905');
    const certDer = forge.asn1.toDer(forge.pki.certificateToAsn1(identity.certificate)).getBytes();
    expect(hex).toContain(forge.md.sha256.create().update(certDer).digest().toHex());
  });

  it('a .p12 with its chain signs valid; a wrong passphrase or a missing file stops with the setting named', async () => {
    const dir = tempDir();
    const file = path.join(dir, 'clinic.p12');
    writeFileSync(file, testP12('correct horse'));
    const identity = await loadSigningIdentity({ kind: 'p12', file, passphrase: 'correct horse' }, 'unused');
    expect(identity.chain).toHaveLength(1);
    const report = pdfsig(await signPdf(await aPdf('x'), identity, details, new Date()));
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: Sahaj Homeopathy Clinic');

    await expect(loadSigningIdentity({ kind: 'p12', file, passphrase: 'wrong' }, 'unused')).rejects.toThrow(
      /^PRESCRIPTION_SIGNING_P12 could not be opened with PRESCRIPTION_SIGNING_PASSPHRASE/,
    );
    await expect(loadSigningIdentity({ kind: 'p12', file: path.join(dir, 'none.p12'), passphrase: 'x' }, 'unused')).rejects.toThrow(SigningKeyError);
    expect(() => identityFromP12(Buffer.from('not a p12'), 'x')).toThrow(/PRESCRIPTION_SIGNING_P12/);
  });

  it('the self-signed key is made once per DATA_DIR: two starts at once share one file (0600), no temp file left', async () => {
    const dataDir = tempDir();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => loadSigningIdentity({ kind: 'selfSigned', dataDir }, 'Sahaj Homeopathy Clinic')));
    expect(b!.certificate.serialNumber).toBe(a!.certificate.serialNumber);
    expect(c!.certificate.serialNumber).toBe(a!.certificate.serialNumber);
    expect(readdirSync(dataDir)).toEqual([selfSignedFileName]);
    expect(statSync(path.join(dataDir, selfSignedFileName)).mode & 0o777).toBe(0o600);
    // A later start reads it.
    const later = await loadSigningIdentity({ kind: 'selfSigned', dataDir }, 'other');
    expect(later.certificate.serialNumber).toBe(a!.certificate.serialNumber);
    expect(readFileSync(path.join(dataDir, selfSignedFileName), 'utf8')).toMatch(/BEGIN PRIVATE KEY[\s\S]+BEGIN CERTIFICATE/);
  });
});

describe('a downloaded prescription', () => {
  const t = useAppointmentsApp('pglite');

  it('is signed, valid in pdfsig, with the verification block; rendered for a person to look at', async () => {
    const { patient, appointment } = await completedConsultation(t);
    const res = await t.app().inject({ method: 'GET', url: `/api/records/appointments/${appointment._id}/prescription.pdf`, headers: patient.headers });
    expect(res.statusCode).toBe(200);
    const report = pdfsig(res.rawPayload);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    const out = path.join(process.cwd(), 'test-results', 'documents');
    execFileSync('mkdir', ['-p', out]);
    writeFileSync(path.join(out, 'signed-prescription.pdf'), res.rawPayload);
    execFileSync('pdftoppm', ['-png', '-r', '60', path.join(out, 'signed-prescription.pdf'), path.join(out, 'signed-prescription')]);
  });
});
