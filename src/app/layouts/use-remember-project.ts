import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useProjectBrowsed } from '../../lib/last-project';
import { currentPlace } from './current-place';

/** Notes the project on screen, so other pages can start from the project this person works in. */
export function useRememberProject() {
  const { hubId, projectId } = currentPlace(useLocation());
  const projectBrowsed = useProjectBrowsed();
  useEffect(() => {
    if (hubId && projectId) projectBrowsed({ hubId, projectId });
  }, [hubId, projectId, projectBrowsed]);
}
