/// PLACEHOLDER
public enum PipelineRunnerModule {}
