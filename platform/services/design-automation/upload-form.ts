import {
  APPBUNDLE_FORM_FIELDS,
  type AppBundleFormField,
  type DaUploadParameters,
} from '../../../contracts/design-automation';
import type { DaContext } from './context';
import { STORE_PREFIX } from './store-paths';

/** The largest appbundle zip (`limitAppUploadSizeInMB`). */
export const APPBUNDLE_MAX_BYTES = 100 * 1024 * 1024;
const POLICY_SECONDS = 3600;
const STORE_BUCKET = 'da-store';

export const appKey = (owner: string, name: string, version: number) => `apps/${owner}/${name}/${version}`;

const amzDate = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/**
 * The form the real service hands out for an S3 browser POST, all eleven fields (clients append
 * them by name), with a policy the platform signs and checks. The platform is not S3: the algorithm
 * field names the HMAC it uses, and the credential and token are placeholders.
 */
export async function uploadParameters(
  da: DaContext,
  owner: string,
  name: string,
  version: number,
): Promise<DaUploadParameters> {
  const now = da.clock.now();
  const date = amzDate(now);
  const fields = {
    key: appKey(owner, name, version),
    'content-type': 'application/octet-stream',
    success_action_status: '200',
    success_action_redirect: '',
    'x-amz-credential': `local/${date.slice(0, 8)}/us-east-1/da-store/request/`,
    'x-amz-algorithm': 'HMAC-SHA256',
    'x-amz-date': date,
    'x-amz-server-side-encryption': 'none',
    'x-amz-security-token': 'none',
  };
  const policy = Buffer.from(
    JSON.stringify({
      expiration: new Date(now.getTime() + POLICY_SECONDS * 1000).toISOString(),
      conditions: [
        { key: fields.key },
        { bucket: STORE_BUCKET },
        { success_action_status: fields.success_action_status },
        ['starts-with', '$success_action_redirect', ''],
        ['starts-with', '$content-Type', fields['content-type']],
        ['content-length-range', '0', String(APPBUNDLE_MAX_BYTES)],
      ],
    }),
  ).toString('base64');
  const formData = { ...fields, policy, 'x-amz-signature': (await da.signer()).policySignature(policy) };
  const ordered = Object.fromEntries(APPBUNDLE_FORM_FIELDS.map((field) => [field, formData[field]])) as Record<
    AppBundleFormField,
    string
  >;
  return { endpointURL: `${da.base()}${STORE_PREFIX}`, formData: ordered };
}

export interface UploadGrant {
  owner: string;
  name: string;
  version: number;
  key: string;
  maxBytes: number;
  successStatus: 200 | 201 | 204;
}

export type FormProblem = {
  code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'InvalidArgument' | 'MalformedPOSTRequest';
  message: string;
};

/** What a posted form may upload, if its policy is ours, unexpired, and its fields keep to it. */
export async function checkUploadForm(
  da: DaContext,
  fields: Record<string, string>,
): Promise<UploadGrant | FormProblem> {
  const policy = fields['policy'];
  const signature = fields['x-amz-signature'];
  if (!policy || !signature)
    return { code: 'InvalidArgument', message: 'Bucket POST must contain the fields policy and x-amz-signature.' };
  if ((await da.signer()).policySignature(policy) !== signature.toLowerCase()) {
    return {
      code: 'SignatureDoesNotMatch',
      message: 'The request signature we calculated does not match the signature you provided.',
    };
  }
  const parsed = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as {
    expiration: string;
    conditions: unknown[];
  };
  if (Date.parse(parsed.expiration) <= da.clock.now().getTime())
    return { code: 'AccessDenied', message: 'Invalid according to Policy: Policy expired.' };
  const key = (parsed.conditions[0] as { key: string }).key;
  if (fields['key'] !== key)
    return {
      code: 'AccessDenied',
      message: `Invalid according to Policy: Policy Condition failed: ["eq", "$key", "${key}"]`,
    };
  const match = /^apps\/([^/]+)\/([^/]+)\/(\d+)$/.exec(key)!;
  const status = fields['success_action_status'] ?? '204';
  return {
    owner: match[1]!,
    name: match[2]!,
    version: Number(match[3]),
    key,
    maxBytes: APPBUNDLE_MAX_BYTES,
    successStatus: status === '200' || status === '201' ? (Number(status) as 200 | 201) : 204,
  };
}
