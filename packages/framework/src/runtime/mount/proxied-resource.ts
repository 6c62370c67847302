import type { Context, ResourceContents } from "../context.js";
import { prefixUri } from "./prefix.js";
import { RegisteredResource } from "../components/registered-resource.js";
import type { CompletionAnswer, CompletionContext } from "../components/resolve-completions.js";
import type { RemoteCatalog, RemoteResource, RemoteResourceTemplate } from "./remote-catalog.js";
import { completeRemotely } from "./complete-remotely.js";
import { toRemoteFailure } from "./remote-failure.js";
import { unprefixUri } from "./unprefix-uri.js";
import { RemoteUriTemplate } from "./remote-uri-template.js";

/**
 * A remote server's resource or resource template served under a mount's prefix: listed as the
 * remote listed it (its URI prefixed), read and completed by forwarding to the remote server with
 * the URI it knows. The contents come back with the served URI, so a client can read them again.
 */
export class ProxiedResource extends RegisteredResource {
  constructor(
    private readonly remote: RemoteCatalog,
    private readonly prefix: string,
    listed: RemoteResource | RemoteResourceTemplate,
    scopes: readonly string[] = [],
  ) {
    const remoteUri = "uri" in listed ? listed.uri : listed.uriTemplate;
    const served = prefixUri(prefix, remoteUri);
    super(
      served,
      () => undefined,
      remote,
      { method: listed.name, params: [], variables: {}, ...(listed.description === undefined ? {} : { description: listed.description }) },
      {
        name: listed.name,
        ...(listed.title === undefined ? {} : { title: listed.title }),
        ...(listed.mimeType === undefined ? {} : { mimeType: listed.mimeType }),
        ...(scopes.length ? { scopes: [...scopes] } : {}),
        // Declares completions for the gateway when the remote server has them.
        ...(remote.completes && "uriTemplate" in listed ? { complete: {} } : {}),
      },
      "uriTemplate" in listed && RemoteUriTemplate.isTemplate(served) ? new RemoteUriTemplate(served) : undefined,
    );
  }

  override async read(uri: string, _variables: Record<string, string>, _ctx: Context): Promise<ResourceContents[]> {
    const remoteUri = unprefixUri(this.prefix, uri) ?? uri;
    try {
      if (!this.remote.readResource) throw new Error("it was mounted without resources/read");
      // A 2026-07-28 caller names the URIs it follows in a subscriptions/listen stream, which this
      // server does not see: each URI read is followed on the remote server, for whoever listens
      // (once; a server that refuses is not asked again), before the read is answered.
      const following = this.remote.subscribeResource?.(remoteUri).catch(() => undefined);
      const contents = await this.remote.readResource(remoteUri);
      await following;
      return contents.map((item) => ({ ...item, uri: item.uri === remoteUri ? uri : prefixUri(this.prefix, item.uri) }) as ResourceContents);
    } catch (error) {
      throw toRemoteFailure(error, `Resource "${uri.slice(0, 200)}"`, "RESOURCE_NOT_FOUND");
    }
  }

  // The remote server tells the gateway of updates, which it passes on to its subscribed callers.
  override async subscribe(uri: string): Promise<void> {
    try {
      await this.remote.subscribeResource?.(unprefixUri(this.prefix, uri) ?? uri);
    } catch (error) {
      throw toRemoteFailure(error, `Subscribing to "${uri.slice(0, 200)}"`, "RESOURCE_NOT_FOUND");
    }
  }

  override complete(variable: string, value: string, context?: CompletionContext): Promise<CompletionAnswer> {
    const template = "uriTemplate" in this.wire ? this.wire.uriTemplate : this.wire.uri;
    return completeRemotely(this.remote, { type: "ref/resource", uri: unprefixUri(this.prefix, template) ?? template }, variable, value, context);
  }
}
