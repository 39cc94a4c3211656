import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Bucket } from '../../../contracts/oss';
import { configureHttp } from '../../api/http';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { CreateBucketForm } from './create-bucket-form';

const created: Bucket = {
  bucketKey: 'site-photos',
  bucketOwner: 'spa-client',
  createdDate: 1,
  permissions: [],
  policyKey: 'temporary',
};

function serve(respond: Parameters<typeof mockFetch>[0]) {
  const mock = mockFetch(respond);
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 'token',
    refreshAccessToken: vi.fn(() => Promise.resolve(null)),
    onSessionExpired: vi.fn(),
  });
  return mock;
}

function renderForm() {
  const onCreated = vi.fn();
  const view = renderWithProviders(<CreateBucketForm onCreated={onCreated} onCancel={vi.fn()} />);
  return {
    ...view,
    onCreated,
    name: screen.getByRole('textbox', { name: 'Bucket name' }),
    submit: screen.getByRole('button', { name: 'Create bucket' }),
  };
}

describe('CreateBucketForm', () => {
  it('names the rule a name breaks while typing, and asks nothing of the platform', async () => {
    const mock = serve(() => jsonResponse(created));
    const { user, name, submit } = renderForm();

    await user.type(name, 'My_Bucket');
    expect(name).toHaveAccessibleDescription(/Uppercase letters are not allowed/);
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(submit).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'my_bucket');
    expect(screen.getByRole('status')).toHaveTextContent('Underscores are not allowed; use hyphens instead.');

    await user.clear(name);
    await user.type(name, 'my-bucket-');
    expect(screen.getByRole('status')).toHaveTextContent('The name must end with a lowercase letter or a digit.');
    expect(mock.calls).toHaveLength(0);
  });

  it('creates a valid bucket with the chosen retention policy', async () => {
    const mock = serve(() => jsonResponse(created));
    const { user, name, submit, onCreated } = renderForm();

    await user.type(name, 'site-photos');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('radio', { name: /Temporary/ }));
    await user.click(submit);

    await vi.waitFor(() =>
      expect(onCreated).toHaveBeenCalledWith(created, expect.anything(), undefined, expect.anything()),
    );
    expect(JSON.parse(mock.calls[0]?.body ?? '')).toEqual({ bucketKey: 'site-photos', policyKey: 'temporary' });
  });

  it('shows the platform’s reason when the name is taken', async () => {
    serve(() => jsonResponse({ reason: 'Bucket already exists' }, { status: 409 }));
    const { user, name, submit, onCreated } = renderForm();

    await user.type(name, 'taken-name');
    await user.click(submit);

    expect(await screen.findByText('Bucket already exists')).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });
});
