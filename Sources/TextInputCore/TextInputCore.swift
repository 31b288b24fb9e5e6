// TextInputCore: the plugin registry, configuration, the editor and its behaviour chain.
