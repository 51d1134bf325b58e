// Context: manager page entry (an extension page; talks only to the worker). Mounts the manager.
import { render } from 'solid-js/web';
import { Manager } from './manager/Manager';

render(() => <Manager />, document.getElementById('root')!);
