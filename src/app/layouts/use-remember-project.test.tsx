import { describe, expect, it } from 'vitest';
import { lastProjectStore } from '../../lib/last-project';
import { renderWithProviders } from '../../testing/render';
import { useRememberProject } from './use-remember-project';

function Remember() {
  useRememberProject();
  return null;
}

describe('useRememberProject', () => {
  it('notes the project of the page on screen, so a run form can start there', () => {
    renderWithProviders(<Remember />, { path: '*', url: '/hubs/a.hub/projects/b.project/folders/urn:f' });
    expect(lastProjectStore.getState().last).toEqual({ hubId: 'a.hub', projectId: 'b.project' });
  });
});
