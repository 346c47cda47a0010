import { createHash } from 'node:crypto';
import { zipSync } from 'fflate';
import forge from 'node-forge';
import type { AppleWalletConfig } from '../../config.ts';
import type { PassFacts } from './pass-facts.ts';

/** Apple's date format for pass.json: W3C, no milliseconds. */
const w3c = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');

const BRAND = {
  background: 'rgb(79, 70, 229)',
  foreground: 'rgb(255, 255, 255)',
  label: 'rgb(224, 231, 255)',
};

/**
 * pass.json of an event ticket (Apple's Pass and EventTicket keys): the event, when (as
 * the event's own zone says it) and where; the holder and how many it admits; the QR of
 * the order code, which the door scans. No `locations`: events have an address, not
 * coordinates (decision 043).
 */
export function passJson(
  facts: PassFacts,
  apple: Pick<AppleWalletConfig, 'passTypeId' | 'teamId'>,
  web: { serviceUrl: string; authenticationToken: string },
): Record<string, unknown> {
  const back = [
    { key: 'code', label: 'Order code', value: facts.code },
    { key: 'tickets', label: 'Tickets', value: facts.tickets.join('\n') },
    { key: 'when', label: 'When', value: facts.whenText },
    { key: 'where', label: 'Where', value: facts.whereText },
    ...(facts.testPayment
      ? [{ key: 'test', label: 'TEST', value: 'Not paid: TEST provider, no money was taken.' }]
      : []),
    ...(facts.voidReason ? [{ key: 'void', label: 'Not valid', value: facts.voidReason }] : []),
  ];
  return {
    formatVersion: 1,
    passTypeIdentifier: apple.passTypeId,
    teamIdentifier: apple.teamId,
    serialNumber: facts.serialNumber,
    organizationName: 'Gatepass',
    description: `Ticket for ${facts.eventTitle}`,
    logoText: 'Gatepass',
    backgroundColor: BRAND.background,
    foregroundColor: BRAND.foreground,
    labelColor: BRAND.label,
    webServiceURL: web.serviceUrl,
    authenticationToken: web.authenticationToken,
    ...(facts.startAt ? { relevantDate: w3c(facts.startAt) } : {}),
    ...(facts.endAt ? { expirationDate: w3c(facts.endAt) } : {}),
    ...(facts.voided ? { voided: true } : {}),
    barcodes: [
      {
        format: 'PKBarcodeFormatQR',
        message: facts.code,
        messageEncoding: 'iso-8859-1',
        altText: facts.code,
      },
    ],
    eventTicket: {
      primaryFields: [{ key: 'event', label: 'EVENT', value: facts.eventTitle }],
      secondaryFields: [
        { key: 'date', label: 'WHEN', value: facts.whenText },
        { key: 'venue', label: 'WHERE', value: facts.whereText },
      ],
      auxiliaryFields: [
        { key: 'holder', label: 'NAME', value: facts.holderName },
        {
          key: 'admits',
          label: 'ADMITS',
          value: `${facts.quantity} ${facts.quantity === 1 ? 'person' : 'people'}`,
        },
        ...(facts.voided ? [{ key: 'status', label: 'STATUS', value: 'NOT VALID' }] : []),
      ],
      backFields: back,
    },
  };
}

export interface PassSigner {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
  wwdr: forge.pki.Certificate;
}

export function passSigner(
  apple: Pick<AppleWalletConfig, 'certPem' | 'keyPem' | 'wwdrPem'>,
): PassSigner {
  return {
    cert: forge.pki.certificateFromPem(apple.certPem),
    key: forge.pki.privateKeyFromPem(apple.keyPem) as forge.pki.rsa.PrivateKey,
    wwdr: forge.pki.certificateFromPem(apple.wwdrPem),
  };
}

/**
 * The `signature` file: a detached PKCS#7 (CMS) signature, DER, of manifest.json by the
 * Pass Type ID certificate, carrying it and Apple's WWDR intermediate, with the signing
 * time among the signed attributes (what Wallet checks).
 */
export function signManifest(manifest: Buffer, signer: PassSigner, now = new Date()): Buffer {
  const p7 = forge.pkcs7.createSignedData();
  p7.content = forge.util.createBuffer(manifest.toString('binary'));
  p7.addCertificate(signer.cert);
  p7.addCertificate(signer.wwdr);
  p7.addSigner({
    key: signer.key,
    certificate: signer.cert,
    digestAlgorithm: forge.pki.oids.sha256!,
    authenticatedAttributes: [
      { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
      { type: forge.pki.oids.messageDigest! },
      { type: forge.pki.oids.signingTime!, value: now as unknown as string },
    ],
  });
  p7.sign({ detached: true });
  return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
}

/** The `.pkpass`: a zip of pass.json, the images, manifest.json (SHA-1 of each) and the signature. */
export function pkpass(
  pass: Record<string, unknown>,
  images: Record<string, Buffer>,
  signer: PassSigner,
): Buffer {
  const files: Record<string, Buffer> = {
    'pass.json': Buffer.from(JSON.stringify(pass, null, 2)),
    ...images,
  };
  const manifest = Buffer.from(
    JSON.stringify(
      Object.fromEntries(
        Object.entries(files).map(([name, body]) => [
          name,
          createHash('sha1').update(body).digest('hex'),
        ]),
      ),
      null,
      2,
    ),
  );
  files['manifest.json'] = manifest;
  files.signature = signManifest(manifest, signer);
  return Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([n, b]) => [n, new Uint8Array(b)]))),
  );
}

let images: Promise<Record<string, Buffer>> | undefined;

/**
 * icon.png, icon@2x.png, logo.png and logo@2x.png: the brand's indigo ticket mark, drawn
 * from one SVG by sharp once per process (no files to ship).
 */
export function passImages(): Promise<Record<string, Buffer>> {
  images ??= (async () => {
    const sharp = (await import('sharp')).default;
    const mark = (w: number, h: number) =>
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 64 64">
<rect x="2" y="2" width="60" height="60" rx="14" fill="#4f46e5"/>
<path d="M14 22h36v6a4 4 0 0 0 0 8v6H14v-6a4 4 0 0 0 0-8z" fill="#ffffff"/>
<path d="M38 24v16" stroke="#4f46e5" stroke-width="2" stroke-dasharray="3 3"/>
</svg>`);
    const png = (w: number) => sharp(mark(w, w)).png().toBuffer();
    const [icon, icon2x, logo, logo2x] = await Promise.all([png(29), png(58), png(50), png(100)]);
    return {
      'icon.png': icon,
      'icon@2x.png': icon2x,
      'logo.png': logo,
      'logo@2x.png': logo2x,
    };
  })();
  return images;
}
