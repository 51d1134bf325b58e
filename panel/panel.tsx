// Context: side panel entry.
import { render } from 'solid-js/web';
import { Panel } from './PanelView';

render(() => <Panel />, document.getElementById('root')!);
