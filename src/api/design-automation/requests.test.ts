import { describe, expect, it } from 'vitest';
import { APPBUNDLE_FORM_FIELDS, type DaUploadParameters } from '../../../contracts/design-automation';
import { appBundleForm, storeError } from './requests';

const parameters: DaUploadParameters = {
  endpointURL: 'http://p/da/store',
  formData: Object.fromEntries(
    APPBUNDLE_FORM_FIELDS.map((field) => [field, `v-${field}`]),
  ) as DaUploadParameters['formData'],
};

describe('the appbundle upload form', () => {
  it('sends every field in the order given and the file last, as S3 ignores fields after it', () => {
    const form = appBundleForm(parameters, new Blob(['zip']), 'bundle.zip');
    const names = [...form.keys()];
    expect(names).toEqual([...APPBUNDLE_FORM_FIELDS, 'file']);
    expect(form.get('policy')).toBe('v-policy');
    expect((form.get('file') as File).name).toBe('bundle.zip');
  });

  it('words the store’s S3 XML error', () => {
    const xml =
      '<?xml version="1.0"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size (100 MB).</Message></Error>';
    expect(storeError(400, xml).message).toBe(
      'The bundle store refused the zip (400): Your proposed upload exceeds the maximum allowed size (100 MB).',
    );
    expect(storeError(500, '').message).toBe('The bundle store refused the zip (500).');
  });
});
