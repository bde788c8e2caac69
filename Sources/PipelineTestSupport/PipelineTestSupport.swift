/// PLACEHOLDER
public enum PipelineTestSupportModule {}
