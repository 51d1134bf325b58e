// Context: manager page. The sites where every remixlet is paused (paused from the popup), each with
// "Resume", which reloads that site's tabs so its remixlets run again.
import { For, Show } from 'solid-js';

export function PausedSites(props: { sites: readonly string[]; onResume: (site: string) => void }) {
  return (
    <Show when={props.sites.length}>
      <section class="paused-sites" aria-labelledby="paused-title">
        <h2 id="paused-title">Paused sites</h2>
        <ul>
          <For each={props.sites}>
            {(site) => (
              <li>
                {site}{' '}
                <button type="button" aria-label={`Resume remixlets on ${site}`} onClick={() => props.onResume(site)}>
                  Resume
                </button>
              </li>
            )}
          </For>
        </ul>
      </section>
    </Show>
  );
}
