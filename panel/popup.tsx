// Context: toolbar popup entry (an extension page; talks only to the worker). Mounts the popup.
import { render } from 'solid-js/web';
import { Popup } from './popup/Popup';

render(() => <Popup />, document.getElementById('root')!);
